// Apps: list them, create an isolated one, and read its credentials (the one tool whose answer carries secrets).
import { type components, newAppId } from '@pushapi/sandbox/client';
import { json, type McpContext, type Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

type Schemas = components['schemas'];

export const appTools = (documents: McpContext['documents']): Tool[] => [
  controlTool(
    {
      name: 'list_apps',
      title: 'List apps',
      operationId: 'listApps',
      description:
        'Lists the apps of the sandbox: appid, appkey, name, settings, clock, DMP party and counts. No secrets: ' +
        "get_credentials gives an app's master secret and auth code when your code needs them.",
    },
    documents,
  ),
  controlTool(
    {
      name: 'create_app',
      title: 'Create an app',
      // By an appid chosen before the call (PUT), so that a balancer routing by appid sends it where the app's later calls go.
      operationId: 'putApp',
      optional: ['appid'],
      prepare: (args) => ({ args: typeof args.appid === 'string' ? args : { ...args, appid: newAppId() }, notes: [] }),
      description:
        'Creates an isolated app (one per task or test): fresh credentials, the magic devices magic-online, ' +
        'magic-offline and magic-inactive, and a DMP party of its own. Every field is optional (without appid, ' +
        'one is chosen); `devices` adds the devices a task needs (cid, online, phonetype, alias, tags, region) in the ' +
        'same call. Its wall-clock texts (pushTime, duration_begin/end) are in its time zone, ' +
        'settings.utcOffsetMinutes (default 480: UTC+08:00). Answers the app without its secrets (call ' +
        'get_credentials for them); send_push signs in for it by itself.',
      render(data, _args, context) {
        const { credentials, ...app } = data as Schemas['AppCreated'];
        context.secrets.add(credentials.mastersecret, credentials.dmp.authCode);
        return json(app);
      },
    },
    documents,
  ),
  controlTool(
    {
      name: 'get_credentials',
      title: 'Get the credentials of an app',
      operationId: 'getCredentials',
      reveals: true,
      description:
        "Gives an app's credentials: appid, appkey, master secret (push v1 auth_sign) and the DMP party's user code " +
        'and auth code. The only tool that shows secrets: use it when the code you write needs them (as environment ' +
        'variables of a test, say), never to paste them into files.',
      render(data, _args, context) {
        const credentials = data as Schemas['Credentials'];
        context.secrets.add(credentials.mastersecret, credentials.dmp.authCode);
        return json(credentials);
      },
    },
    documents,
  ),
];
