// What every tool of the MCP server is made of: a name, a description an agent can act on, an input schema from
// the documents, and a function over the server's context. Also the context itself, the answers (text, or a tool
// error with the sandbox's own message), and the keeper that hides secrets from every answer but the one that
// was asked for them.
import type { Document, OperationEntry } from '@pushapi/openapi/walk';
import { ControlError, type ControlClient } from '@pushapi/sandbox/client';
import { documentOf, loadDocuments } from '@pushapi/sandbox/documents';
import type { JsonSchema } from './schemas.js';

/** The three documents the sandbox serves, by their registry names: push v1, DMP, and its own control API. */
export interface Documents {
  'push-v1': Document;
  dmp: Document;
  sandbox: Document;
}

/** The documents as the sandbox loads them, each one named: a missing one stops the server at its start. */
export function servedDocuments(loaded: Record<string, Document> = loadDocuments()): Documents {
  return {
    'push-v1': documentOf(loaded, 'push-v1'),
    dmp: documentOf(loaded, 'dmp'),
    sandbox: documentOf(loaded, 'sandbox'),
  };
}

export interface McpContext {
  /** The sandbox's origin, such as http://127.0.0.1:4020. */
  url: string;
  control: ControlClient;
  /** The documents by registry name: push-v1, dmp, sandbox. */
  documents: Documents;
  secrets: SecretKeeper;
  /** auth tokens of push v1 the server holds, by appid (never shown). */
  pushTokens: Map<string, string>;
}

export interface ToolAnswer {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
  /** The SDK's result type is open to more fields. */
  [field: string]: unknown;
}

export interface Tool {
  name: string;
  title: string;
  /** The first line says what it does; the rest, when to use it and what it answers. */
  description: string;
  inputSchema: JsonSchema;
  /** A valid input, shown with a refusal of the input. */
  example?: Record<string, unknown>;
  /**
   * Reads the input before it is checked against inputSchema: names the documents also use (such as a path's
   * name, push_single, for the operationId pushSingle) become the one the schema takes; notes say what was read so.
   */
  prepare?(
    args: Record<string, unknown>,
    context: Pick<McpContext, 'documents'>,
  ): { args: Record<string, unknown>; notes: string[] } | string;
  /** Whether this tool's answer is meant to carry secrets (the credentials tool only). */
  reveals?: boolean;
  run(args: Record<string, unknown>, context: McpContext): Promise<ToolAnswer>;
}

export const text = (body: string): ToolAnswer => ({ content: [{ type: 'text', text: body }] });
export const json = (value: unknown): ToolAnswer => text(JSON.stringify(value, null, 2));
export const toolError = (body: string): ToolAnswer => ({ content: [{ type: 'text', text: body }], isError: true });

/**
 * Secrets the server has seen (master secrets, DMP auth codes, auth tokens). Every answer but the credentials
 * tool's has them replaced, so an agent gets a secret only by asking for it. Values under 4 characters are not
 * hidden: replacing them would garble the answer; the sandbox generates long ones.
 */
export class SecretKeeper {
  private readonly values = new Set<string>();

  add(...values: (string | undefined)[]): void {
    for (const value of values) if (value && value.length >= 4) this.values.add(value);
  }

  hide(body: string): string {
    let out = body;
    for (const value of this.values) out = out.split(value).join('[hidden: ask get_credentials]');
    return out;
  }
}

/** The sandbox's own words for a failure: the problem's detail and each violation at its field; never a stack. */
export function errorText(error: unknown, url: string): string {
  if (error instanceof ControlError) {
    const problem = error.problem;
    const lines = [
      `The sandbox refused the call (HTTP ${error.status}${problem?.title ? `, ${problem.title}` : ''}): ${problem?.detail ?? error.message}`,
    ];
    for (const v of problem?.validation ?? []) lines.push(`- ${v.location.join('.')}: ${v.message}`);
    return lines.join('\n');
  }
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e instanceof TypeError && /fetch failed/i.test(e.message))
    return `Cannot reach the sandbox at ${url}: ${e.cause?.message ?? e.message}`;
  return e instanceof Error ? e.message : String(error);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls one control operation through the typed control client, by the path its document writes. The call is
 * generic (the operation is chosen at run time), so the client's per-path types do not apply here; the sandbox
 * checks the request against the same document and refuses what breaks it.
 */
export async function callControl<T = unknown>(
  context: McpContext,
  entry: Pick<OperationEntry, 'method' | 'path'>,
  parts: { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown },
): Promise<T> {
  const method = entry.method.toUpperCase() as Method;
  const client = context.control as unknown as Record<
    Method,
    (path: string, init: object) => Promise<{ data?: unknown }>
  >;
  const init = {
    params: { path: parts.path ?? {}, query: parts.query ?? {} },
    ...(parts.body === undefined ? {} : { body: parts.body }),
  };
  const { data } = await client[method](entry.path, init);
  return data as T;
}
