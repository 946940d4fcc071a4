// Faults to inject into an app's next calls, and the request log that shows what was answered and why.
import type { McpContext, Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

export const faultTools = (documents: McpContext['documents']): Tool[] => [
  controlTool(
    {
      name: 'add_fault',
      title: 'Inject a fault',
      operationId: 'addFault',
      bodyKey: 'fault',
      description:
        "Makes the app's next `times` calls of one operation (push v1 by its path name, such as push_single; DMP " +
        'such as tags/user) fail: an HTTP status, a dropped connection, a delay, or a given result such as ' +
        'too_frequent. Use it to test how your code handles each failure.',
    },
    documents,
  ),
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
