// A tool that is one control operation: its input is the operation's parameters and body (from the sandbox
// document), its answer the sandbox's answer, or what `render` makes of it.
import { controlInput, type JsonSchema } from '../schemas.js';
import { callControl, errorText, json, toolError, type McpContext, type Tool, type ToolAnswer } from '../tool.js';

export interface ControlToolSpec {
  name: string;
  title: string;
  description: string;
  /** The control operation it calls. */
  operationId: string;
  /** Query parameters of the operation the tool takes. */
  query?: string[];
  /** Where the body goes in the input when it cannot be spread beside the parameters (default `body`). */
  bodyKey?: string;
  reveals?: boolean;
  /** Parameters the operation requires that the tool's prepare fills in when left out. */
  optional?: string[];
  /** Reads the input before it is checked (see Tool.prepare). */
  prepare?: Tool['prepare'];
  /** Where the document's example is not the input to show (default: the operation's examples). */
  example?: Record<string, unknown>;
  /** What the agent reads of the answer (default: the answer as JSON). */
  render?(data: unknown, args: Record<string, unknown>, context: McpContext): Promise<ToolAnswer> | ToolAnswer;
}

export function controlTool(spec: ControlToolSpec, documents: McpContext['documents']): Tool {
  const input = controlInput(documents.sandbox, spec.operationId, {
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.bodyKey ? { bodyKey: spec.bodyKey } : {}),
  });
  const { method, path } = input.entry;
  return {
    name: spec.name,
    title: spec.title,
    description: `${spec.description}\n(Control API: ${method.toUpperCase()} /control${path}.)`,
    inputSchema: spec.optional ? withOptional(input.schema, spec.optional) : input.schema,
    example: spec.example ?? input.example,
    ...(spec.prepare ? { prepare: spec.prepare } : {}),
    ...(spec.reveals ? { reveals: true } : {}),
    async run(args, context) {
      try {
        const data = await callControl(context, input.entry, input.split(args));
        return spec.render ? await spec.render(data, args, context) : json(data ?? { done: true });
      } catch (error) {
        return toolError(errorText(error, context.url));
      }
    },
  };
}

/** The schema with `names` no longer required. */
function withOptional(schema: JsonSchema, names: string[]): JsonSchema {
  const { required, ...rest } = schema as JsonSchema & { required?: string[] };
  const left = (required ?? []).filter((name) => !names.includes(name));
  return left.length > 0 ? { ...rest, required: left } : rest;
}
