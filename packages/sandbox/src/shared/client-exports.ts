// `@pushapi/sandbox/client`: the browser-safe part of the sandbox for tools built on its control API (the MCP
// server, @pushapi/sandbox-mcp, is one): the control client, the generated control types, what a phone shows of a
// message, the sandbox's clock texts and fault names, new appids, the mounts and `must`. Everything here sits in
// shared/, which imports only shared/ and generated/ (test/http/layers.test.ts): no Node module, no server code.
export {
  createControlClient,
  ControlError,
  data,
  type ControlClient,
  type ControlClientOptions,
} from './control-client.js';
export type { components, paths } from '../generated/schema.js';
export {
  messageScreen,
  phoneScreen,
  type AndroidScreen,
  type IosScreen,
  type MessageScreen,
  type PhoneScreen,
  type ScreenContext,
} from './phone-screen.js';
export { PHONE_WORDS, type Platform } from './phone-view.js';
export { formatLocal, utcOffsetText } from './time.js';
export { faultNames, pathName, type NamedOperation } from './fault-names.js';
export { newAppId } from './app-id.js';
export { MOUNTS } from './config.js';
export { must } from './must.js';
