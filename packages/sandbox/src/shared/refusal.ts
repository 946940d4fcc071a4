// The one way a request is refused, whatever refuses it (the transport, the validator, a check of credentials, a
// rule of behaviour): a code, a detail a user can act on, the HTTP status it stands for, and the violations of an
// invalid request. Nothing has changed when one is thrown. Each interface answers it in its own shape
// (interfaces/*.ts): push v1 with `result` and `desc`, DMP with `code`, the control API with problem details.
import { boundedViolations } from './bounded.js';
import type { components } from '../generated/schema.js';

/** One broken rule, in the shape the Prism mock uses (`validation` of problem+json, `sl-violations`). */
export type Violation = components['schemas']['Violation'];

export class Refusal extends Error {
  /** What was wrong, as answered and logged: within the violation list's bounds (BYTE_BOUNDS), a cut list saying how many more. */
  readonly violations: Violation[];

  constructor(
    /** A push v1 `result` (status 200), or the kind of problem (`not-found`, `invalid-request`...). */
    readonly code: string,
    readonly detail: string,
    readonly status = 200,
    violations: Violation[] = [],
  ) {
    super(`${code}: ${detail}`);
    this.name = 'Refusal';
    this.violations = violations.length > 0 ? boundedViolations(violations) : violations;
  }
}

/** A refusal of the push service: HTTP 200 with this `result` and `desc`. */
export const serviceRefusal = (result: string, desc: string) => new Refusal(result, desc);
export const notFound = (detail: string) => new Refusal('not-found', detail, 404);
export const conflict = (detail: string) => new Refusal('conflict', detail, 409);
export const invalid = (detail: string, violations: Violation[] = []) =>
  new Refusal('invalid-request', detail, 422, violations);
export const unauthorized = (detail: string) => new Refusal('unauthorized', detail, 401);
export const forbidden = (detail: string) => new Refusal('forbidden', detail, 403);

/** Titles of the problem kinds, for problem details. */
export const TITLES: Record<string, string> = {
  'not-found': 'Not found',
  conflict: 'Conflict',
  'invalid-request': 'Invalid request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  'bad-path': 'Bad path',
  'method-not-allowed': 'Method not allowed',
  'malformed-body': 'Malformed body',
  'invalid-utf8': 'Body is not UTF-8',
  'too-deep': 'Body nested too deeply',
  'array-too-large': 'Array too large',
  'body-too-large': 'Body too large',
  'unsupported-media-type': 'Unsupported media type',
  'injected-fault': 'Injected fault',
  'internal-error': 'Internal error',
  'store-failed': 'Store failed',
  'too-many-requests': 'Too many requests',
  'app-quota': 'App quota reached',
};
