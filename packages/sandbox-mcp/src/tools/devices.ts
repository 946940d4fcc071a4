// Devices of an app: list them, register one, change one (online or offline, alias, tags, region, phone type).
import type { McpContext, Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

export const deviceTools = (documents: McpContext['documents']): Tool[] => [
  controlTool(
    {
      name: 'list_devices',
      title: 'List devices',
      operationId: 'listDevices',
      description:
        "Lists an app's devices: cid, online, active, alias, tags, region, phone type, inbox and waiting counts.",
    },
    documents,
  ),
  controlTool(
    {
      name: 'add_device',
      title: 'Add a device',
      operationId: 'createDevice',
      bodyKey: 'device',
      description:
        'Registers a device of an app: its cid and, optionally, its state as the input schema lists it (online, ' +
        'default false; tags; region; phonetype, IOS for an iPhone; ...). The magic cids need no registering.',
    },
    documents,
  ),
  controlTool(
    {
      name: 'update_device',
      title: 'Change a device',
      operationId: 'updateDevice',
      description:
        'Changes a device: bring it online (delivers the messages kept for it) or offline, set its tags, region or ' +
        'phone type. Fields left out keep their value. An alias is bound as the service binds it: send_push bindAlias.',
    },
    documents,
  ),
];
