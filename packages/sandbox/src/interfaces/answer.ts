// Answers, in the shape each interface uses: push v1 JSON with `result` (and, for a refused request, problem
// details plus `result: invalid_param` and `desc`), DMP JSON with `code` (violations also in `sl-violations`, as
// the Prism mock sends them), control problem details (RFC 9457). A Refusal becomes one of these here.
import type { ServerResponse } from 'node:http';
import type { ApiName } from '../start/documents.js';
import type { PushWarning } from '../shared/push-check.js';
import { TITLES, type Refusal, type Violation } from '../shared/refusal.js';
import { describeViolation } from '../validation/explain.js';
import type { SandboxEvent } from '../services/events.js';

export interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** For the request log: the `result` or `code` answered, its desc, and what was wrong. */
  outcome?: string | null;
  desc?: string | null;
  violations?: Violation[];
  /** For the request log: the push check's warnings of an accepted push (push v1), computed once by its handler. */
  warnings?: PushWarning[];
  /** Events to announce besides those of the changes (a reset of the whole sandbox). */
  announce?: Omit<SandboxEvent, 'id'>[];
  /** The changes make no events of their own: a restore or a world of thousands of records announces itself once. */
  quiet?: boolean;
  /** An answer that takes over the response (the event stream). */
  stream?: (res: ServerResponse) => void;
  /** An answer that waits (`?wait=`): until `ready()` after one of the `on` events, or `ms`; then `answer()`. */
  wait?: { ms: number; on: (event: SandboxEvent) => boolean; ready: () => boolean; answer: () => Reply };
}

export const json = (status: number, body: unknown): Reply => {
  const record = body as Record<string, unknown> | undefined;
  const outcome =
    typeof record?.result === 'string' ? record.result : typeof record?.code === 'string' ? record.code : null;
  return { status, body, outcome, desc: typeof record?.desc === 'string' ? record.desc : null };
};

export const noContent: Reply = { status: 204 };

/** Header values are Latin-1: anything else in a violation (a property name from the body) is escaped. */
const headerSafe = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The push v1 `result` of a refusal answered with an HTTP status: a team over its limits is `too_frequent`. */
const pushResultOf = (status: number) => (status === 429 ? 'too_frequent' : 'invalid_param');

/** A refused request as the interface answers it (`none`: no interface matched the path). */
export function refusalReply(api: ApiName | 'none', refusal: Refusal): Reply {
  const { code, detail, status, violations } = refusal;
  if (status === 200) return json(200, api === 'dmp' ? { code, desc: detail } : { result: code, desc: detail });
  const [first] = violations;
  const desc = first ? describeViolation(first) : detail;
  const common = { status, desc, violations };
  if (api === 'dmp') {
    return {
      ...common,
      contentType: 'application/json',
      headers: violations.length > 0 ? { 'sl-violations': headerSafe(JSON.stringify(violations)) } : {},
      body: { code: String(status), desc, ...(violations.length > 0 ? { validation: violations } : {}) },
      outcome: String(status),
    };
  }
  const details = {
    type: `urn:pushapi:sandbox:${code}`,
    title: TITLES[code] ?? code,
    status,
    detail,
    ...(violations.length > 0 ? { validation: violations } : {}),
  };
  const refused = api === 'push-v1' && status !== 404 && status !== 405;
  return {
    ...common,
    contentType: 'application/problem+json',
    body: refused ? { ...details, result: pushResultOf(status), desc } : details,
    outcome: refused ? pushResultOf(status) : null,
  };
}
