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

/** What the check gives: the call as the handler reads it, the deviations a lenient app read through, or the refusal. */
export type Checked =
  | { call: Call; deviations: Deviation[]; refusal?: undefined }
  | { call?: undefined; deviations: Deviation[]; refusal: Refusal };

/**
 * The call checked: as sent, or, for a lenient app, with the parts as read through its deviations (a new call: the
 * one admitted is left as it came). The deviations are logged even when the call is refused.
 */
export function checkCall(schemas: SchemaSet, call: Call, invalidStatus: number): Checked {
  const parts = { params: call.params, query: call.search, body: call.body };
  const strict = !call.app || call.op.api === 'control' || compatOf(call.app) === 'strict';
  const read = strict
    ? { violations: validateRequest(schemas, call.op, parts), deviations: [] }
    : readLeniently(schemas, call.op, parts);
  if (read.violations.length === 0) {
    const asRead =
      'parts' in read && read.deviations.length > 0
        ? { ...call, params: read.parts.params, body: read.parts.body }
        : call;
    return { call: asRead, deviations: read.deviations };
  }
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
