// @pushapi/sandbox-mcp: the pushapi sandbox's MCP server for coding agents. `runMcp(args)` is the command
// (`pushapi-sandbox-mcp`, and `pushapi-sandbox mcp`, which runs it); `createMcpServer` gives the server alone, to
// connect to a transport of your own (the tests use the SDK's in-memory pair).
export { MCP_HELP, runMcp, VERSION } from './start.js';
export { createMcpServer, listTools, type McpServerOptions } from './server.js';
export type { Tool, ToolAnswer } from './tool.js';
