// A send as the console shows it: the request (for curl and the typed call), the raw answer of its last exchange,
// the sign-ins it took, and the tasks it made (whose messages are drawn on the target devices).
import { answerJson, type Exchange } from './exchanges.js';
import { taskIdsOf } from './prefill.js';
import type { ConsoleRequest } from './samples.js';
import { outcomeOf, type SignInStep } from './signin-steps.js';

export interface Violation {
  location: string[];
  message: string;
  code: string;
}

export interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body, pretty-printed when it is JSON. */
  text: string;
  violations: Violation[];
  outcome: string;
}

export interface Sent {
  request: ConsoleRequest;
  answer: Answer;
  steps: SignInStep[];
  /** The service accepted the send (push v1 `result: ok`). */
  accepted: boolean;
  taskids: string[];
}

const PUSHES = new Set(['pushSingle', 'pushSingleBatch', 'pushList', 'pushApp']);

export function answerOf(
  request: ConsoleRequest,
  exchange: Exchange,
  steps: SignInStep[],
  signInOperation: boolean,
): Sent {
  const parsed = answerJson(exchange);
  const record = (parsed ?? {}) as Record<string, unknown>;
  const answer: Answer = {
    status: exchange.status,
    statusText: exchange.statusText,
    headers: exchange.headers,
    text: parsed === undefined ? exchange.text : JSON.stringify(parsed, null, 2),
    violations: Array.isArray(record.validation) ? (record.validation as Violation[]) : [],
    outcome: outcomeOf(parsed),
  };
  // A sign-in operation's own exchange is the answer, not a step before it.
  const accepted = record.result === 'ok';
  return {
    request,
    answer,
    steps: signInOperation ? [] : steps,
    accepted,
    taskids: PUSHES.has(request.op.operationId) && accepted ? taskIdsOf(parsed) : [],
  };
}
