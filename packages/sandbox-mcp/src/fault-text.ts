// An answer made by an injected fault reads as what it is: the app's `drop` fault, not "Cannot reach the sandbox:
// other side closed". The request log says which fault answered a call (its `fault`), so the tool asks it.
import type { components } from '@pushapi/sandbox/client';
import { operationNamed } from './schemas.js';
import { callControl, type McpContext } from './tool.js';

type RequestLogEntry = components['schemas']['RequestLogEntry'];

/** The app's latest logged call of `path`, when an injected fault answered it. */
export async function faultThatAnswered(
  context: McpContext,
  appid: string,
  path: string,
): Promise<RequestLogEntry | undefined> {
  const log = await callControl<components['schemas']['RequestLog']>(
    context,
    operationNamed(context.documents.sandbox, 'listRequests'),
    { query: { appid, limit: 5 } },
  );
  const latest = log.requests.find((r) => r.path === path);
  return latest?.fault ? latest : undefined;
}

/** What the fault did, in words. */
export function faultText(entry: RequestLogEntry): string {
  const added = 'as add_fault asked (clear_faults removes the faults still waiting)';
  switch (entry.fault) {
    case 'drop':
      return `The app's injected \`drop\` fault answered ${entry.operation}: the sandbox closed the connection without an answer, ${added}. Not a crash.`;
    case 'http':
      return `The app's injected \`http\` fault answered ${entry.operation} with HTTP ${entry.status} and no result, ${added}.`;
    case 'delay':
      return `The app's injected \`delay\` fault held ${entry.operation} for ${Math.round(entry.durationMs)} ms before it was handled as usual, ${added}.`;
    default:
      return `The app's injected \`${String(entry.fault)}\` fault answered ${entry.operation} with ${String(entry.outcome)} and did nothing else, ${added}.`;
  }
}
