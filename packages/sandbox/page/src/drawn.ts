// What a device draws of a message, as one line: the title its timeline row and its detail's heading show. The
// rule and its words live in src/shared/phone-view.ts, shared with the MCP server and `app.screen()` of tests.
export { drawnTitle } from '../../src/shared/phone-view.js';
