// The request against its document. A push v1 or DMP call of a lenient app is read through the deviations the
// compat mode accepts: the call goes on with the parts as read, and the deviations are returned for its log entry.
import { compatOf } from '../behaviour/compat.js';
import type { ApiName } from '../start/documents.js';
import { Refusal } from '../shared/refusal.js';
import { lenientHint, readLeniently, type Deviation } from '../validation/lenient.js';
import { validateRequest } from '../validation/request.js';
import type { SchemaSet } from '../validation/schemas.js';
import type { Call } from './call.js';

const DOCUMENT_NAMES: Record<ApiName, string> = {
  'push-v1': 'the push v1 document',
  dmp: 'the DMP document',
  control: 'the sandbox control document',
};

/** The deviations a lenient app read through (logged even when the call is refused), and the refusal naming each violation. */
export function checkCall(
  schemas: SchemaSet,
  call: Call,
  invalidStatus: number,
): { deviations: Deviation[]; refusal?: Refusal } {
  const parts = { params: call.params, query: call.search, body: call.body };
  const strict = !call.app || call.op.api === 'control' || compatOf(call.app) === 'strict';
  const read = strict
    ? { violations: validateRequest(schemas, call.op, parts), deviations: [] }
    : readLeniently(schemas, call.op, parts);
  if ('parts' in read && read.deviations.length > 0) {
    call.params = read.parts.params;
    call.body = read.parts.body;
  }
  if (read.violations.length === 0) return { deviations: read.deviations };
  const hint =
    call.app && call.op.api !== 'control' && strict ? lenientHint(schemas, call.op, parts, read.violations) : undefined;
  // The sandbox's own bounds on identifiers are not the document's: say whose rule the request broke.
  const bounds = read.violations.every((v) => v.code === 'identifier');
  const detail = bounds
    ? "an identifier of the request goes beyond the sandbox's bounds (a limit of the sandbox, not of the service: README, Limits)"
    : `the request breaks ${DOCUMENT_NAMES[call.op.api]}${hint ? `; ${hint}` : ''}`;
  return {
    deviations: read.deviations,
    refusal: new Refusal('invalid-request', detail, invalidStatus, read.violations),
  };
}
