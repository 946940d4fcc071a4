// The sandbox's MCP server: the tools (by area, in tools/) and the resources, registered on the SDK's server.
// McpServer.registerTool takes zod schemas; these tools take JSON Schemas taken from the documents, so they are
// served through its underlying Server's list and call handlers, which take JSON Schema as it is, and each input is
// checked against its schema here (input-check.ts) before the tool runs.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createControlClient } from '@pushapi/sandbox/client';
import { listResources } from './resources.js';
import { inputCheck, type InputCheck } from './input-check.js';
import { SecretKeeper, servedDocuments, toolError, type McpContext, type Tool, type ToolAnswer } from './tool.js';
import { appTools } from './tools/apps.js';
import { deviceTools } from './tools/devices.js';
import { faultTools } from './tools/faults.js';
import { inboxTools } from './tools/inbox.js';
import { pushTools } from './tools/push.js';
import { referenceTools } from './tools/reference.js';
import { taskTools } from './tools/tasks.js';

export interface McpServerOptions {
  /** The sandbox's origin. */
  url: string;
  /** Its control token, when it has one. */
  token?: string;
  /** A built reference site, for the resources beyond the documents. */
  siteDir?: string;
  version: string;
}

export function listTools(documents: McpContext['documents']): Tool[] {
  return [
    ...appTools(documents),
    ...deviceTools(documents),
    ...pushTools(documents),
    ...referenceTools(documents),
    ...inboxTools(documents),
    ...taskTools(documents),
    ...faultTools(documents),
  ];
}

const INSTRUCTIONS = (url: string) =>
  `Tools of the pushapi sandbox at ${url}: a local stand-in for the push service v1 and the DMP tag query service. ` +
  'Nothing sent reaches a real phone. Start with create_app (one app per task), send with send_push (the body is ' +
  'checked against the document first), and read what the device shows with read_inbox. lookup_operation gives ' +
  `each operation's rules and a valid example body. A person can watch the devices at ${url}/.`;

/** A tool's input read (prepare), checked against its input schema, and only then run; notes of the reading follow its answer. */
async function runTool(
  tool: Tool,
  raw: Record<string, unknown>,
  context: McpContext,
  check: InputCheck,
): Promise<ToolAnswer> {
  const prepared = tool.prepare ? tool.prepare(raw, context) : { args: raw, notes: [] };
  if (typeof prepared === 'string') return toolError(prepared);
  const refusal = check(prepared.args);
  if (refusal) return toolError(refusal);
  const answer = await tool
    .run(prepared.args, context)
    .catch((error: unknown) => toolError(error instanceof Error ? error.message : String(error)));
  return prepared.notes.length === 0
    ? answer
    : { ...answer, content: [...answer.content, { type: 'text', text: prepared.notes.join('\n') }] };
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const documents = servedDocuments();
  const context: McpContext = {
    url: options.url,
    control: createControlClient({ baseUrl: options.url, ...(options.token ? { token: options.token } : {}) }),
    documents,
    secrets: new SecretKeeper(),
    pushTokens: new Map(),
  };
  context.secrets.add(options.token);
  const tools = listTools(documents);
  // Each tool with the check of its input: found together, so a tool is never without its check.
  const checked = tools.map((tool) => ({ tool, check: inputCheck(tool.name, tool.inputSchema, tool.example) }));
  const mcp = new McpServer(
    { name: 'pushapi-sandbox', version: options.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS(options.url) },
  );
  const server = mcp.server;
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema }) => ({
      name,
      title,
      description,
      inputSchema: inputSchema as { type: 'object' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const found = checked.find((c) => c.tool.name === request.params.name);
    if (!found) return toolError(`no tool "${request.params.name}"; the tools: ${tools.map((t) => t.name).join(', ')}`);
    const { tool, check } = found;
    const answer = await runTool(tool, request.params.arguments ?? {}, context, check);
    // A secret leaves only through the tool that was asked for it.
    if (tool.reveals) return answer;
    return { ...answer, content: answer.content.map((c) => ({ ...c, text: context.secrets.hide(c.text) })) };
  });
  const resources = listResources(options.siteDir);
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ uri, name, title, mimeType }) => ({ uri, name, title, mimeType })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = resources.find((r) => r.uri === request.params.uri);
    if (!resource) throw new Error(`no resource ${request.params.uri}; list them with resources/list`);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] };
  });
  return mcp;
}
