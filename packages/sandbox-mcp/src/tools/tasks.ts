// Tasks and their statistics, and the app's test clock that makes scheduled and time-bound work happen.
import type { McpContext, Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

export const taskTools = (documents: McpContext['documents']): Tool[] => [
  controlTool(
    {
      name: 'list_tasks',
      title: 'List tasks',
      operationId: 'listTasks',
      description: "Lists an app's tasks (each push made one), newest first, with their state and statistics.",
    },
    documents,
  ),
  controlTool(
    {
      name: 'get_task',
      title: 'Get a task and its statistics',
      operationId: 'getTask',
      description:
        'Reads one task by its taskid (from a push answer): kind, state (saved, sent, scheduled, stopped, failed, ' +
        "deleted), targets, pushTime (yyyyMMddHHmm in the app's time zone, settings.utcOffsetMinutes, default " +
        'UTC+08:00) and sendResult of a scheduled push, and its statistics and per-device details.',
    },
    documents,
  ),
  controlTool(
    {
      name: 'advance_clock',
      title: "Advance or set the app's clock",
      operationId: 'setClock',
      description:
        "Moves an app's test clock: `advanceMs` forward, or `time` to a given instant (then frozen unless frozen is " +
        'false). Everything that falls due on the way happens, in order: scheduled pushes fire (a pushTime is in the ' +
        "app's time zone, settings.utcOffsetMinutes, default UTC+08:00; the answer's clock.local is that zone's time), " +
        'offline messages expire, tokens age. Only this app is affected.',
    },
    documents,
  ),
];
