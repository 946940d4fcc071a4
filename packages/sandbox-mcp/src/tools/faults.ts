// Faults to inject into an app's next calls, and the request log that shows what was answered and why.
import { faultNameOf, operationIds } from '../operation-names.js';
import type { JsonSchema } from '../schemas.js';
import { json, type McpContext, type Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

const OPERATION_TEXT =
  'The operation, by its operationId: pushSingle, pushApp, ... (push v1), getUserTags, ... (DMP). The name of its ' +
  'path (push_single, tags/user), which the control API takes, is accepted too.';

/** The fault's operation given by operationId, sent as the name the control API's faults take. */
function prepareFault(documents: McpContext['documents'], args: Record<string, unknown>) {
  const fault = args.fault as Record<string, unknown> | undefined;
  if (!fault || typeof fault !== 'object' || typeof fault.operation !== 'string') return { args, notes: [] };
  const named = faultNameOf(documents, fault.operation);
  if (!named.operationId)
    return `Not done: fault.operation: no push v1 or DMP operation is named "${fault.operation}" (rule: enum). The operationIds: ${operationIds(documents).join(', ')}`;
  return { args: { ...args, fault: { ...fault, operation: named.name } }, notes: [] };
}

function addFaultTool(documents: McpContext['documents']): Tool {
  const tool = controlTool(
    {
      name: 'add_fault',
      title: 'Inject a fault',
      operationId: 'addFault',
      bodyKey: 'fault',
      description:
        "Makes the app's next `times` calls of one operation (by its operationId, such as pushSingle; DMP such as " +
        'getUserTags) fail: `kind` http (an HTTP status), drop (a dropped connection), delay (delayMs), or result (a ' +
        'given result such as too_frequent). The fault goes under `fault`: {"appid": "...", "fault": {"operation": ' +
        '"pushSingle", "kind": "drop"}}. send_push then says which fault answered. Use it to test how your code ' +
        'handles each failure; clear_faults removes those left.',
      prepare: (args) => prepareFault(documents, args),
      example: {
        appid: 'checkout-tests',
        fault: { operation: 'pushSingle', kind: 'result', result: 'too_frequent', times: 1 },
      },
      render(data) {
        const fault = data as { operation: string };
        return json({ ...fault, operationId: faultNameOf(documents, fault.operation).operationId });
      },
    },
    documents,
  );
  // The document's words for `operation` name the control API's path names; this tool takes operationIds.
  const variants =
    (tool.inputSchema.properties as Record<string, { oneOf?: { properties: Record<string, JsonSchema> }[] }>).fault
      ?.oneOf ?? [];
  for (const variant of variants)
    variant.properties.operation = {
      ...variant.properties.operation,
      description: OPERATION_TEXT,
      examples: ['pushSingle'],
    };
  return tool;
}

export const faultTools = (documents: McpContext['documents']): Tool[] => [
  addFaultTool(documents),
  controlTool(
    {
      name: 'clear_faults',
      title: 'Clear the faults',
      operationId: 'clearFaults',
      description: 'Removes every fault still waiting for an app.',
    },
    documents,
  ),
  controlTool(
    {
      name: 'read_request_log',
      title: 'Read the request log',
      operationId: 'listRequests',
      query: ['appid', 'limit'],
      description:
        'Lists the requests the sandbox answered, newest first (all apps, or one with appid): operation, status, ' +
        'result or code, desc, the injected fault that answered, and for a refused request its violations, each ' +
        'naming its field. No header or secret is kept.',
    },
    documents,
  ),
];
