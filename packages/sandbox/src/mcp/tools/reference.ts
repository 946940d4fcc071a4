// The reference, for an agent: look up an operation (summary, rules, parameters, templates, a valid example body),
// and check a request against its document without sending it.
import { listOperations, requestExample, type Document, type OperationEntry } from '@pushapi/openapi/walk';
import type { components } from '../../generated/schema.js';
import { SERVED } from '../../documents.js';
import { bodySchema, inlineSchema, operationNamed, type JsonSchema } from '../schemas.js';
import { text, toolError, type McpContext, type Tool } from '../tool.js';
import { controlTool } from './control-tool.js';

type Schemas = components['schemas'];

/** The values of `msgtype` a body schema's variants fix (`const`): the templates an operation takes. */
export function templateNames(schema: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const msgtype = (record.properties as Record<string, { const?: unknown }> | undefined)?.msgtype;
    if (typeof msgtype?.const === 'string') found.add(msgtype.const);
    Object.values(record).forEach(walk);
  };
  walk(schema);
  return [...found];
}

function namedExamples(doc: Document, entry: OperationEntry): string[] {
  const body = entry.operation.requestBody ? (inlineSchema(doc, entry.operation.requestBody) as JsonSchema) : undefined;
  const media = (body?.content as Record<string, { examples?: Record<string, unknown> }> | undefined)?.['application/json'];
  return Object.keys(media?.examples ?? {});
}

/** An operation as text: where it is, its rules, parameters, templates and one valid example body. */
export function operationText(api: string, doc: Document, entry: OperationEntry): string {
  const op = entry.operation;
  const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[];
  const lines = [
    `${api} ${entry.operationId}: ${entry.method.toUpperCase()} ${entry.path}${op.deprecated ? ' (deprecated)' : ''}`,
    `Base URL: ${String(doc.servers?.[0]?.url ?? '')}; credentials: ${security.length === 0 || security.some((r) => Object.keys(r).length === 0) ? 'none' : security.map((r) => Object.keys(r).join(' + ')).join(' or ')}`,
    `Summary: ${String(op.summary ?? '')}`,
    '',
    'Rules:',
    String(op.description ?? '(none written)').trim(),
  ];
  if (entry.parameters.length > 0) {
    lines.push('', 'Parameters:', ...entry.parameters.map((p) => `- ${p.name} (${p.in}${p.required ? ', required' : ''}): ${String(p.description ?? '').trim()}`));
  }
  const schema = bodySchema(doc, entry);
  const templates = templateNames(schema);
  if (templates.length > 0) lines.push('', `Templates (message.msgtype): ${templates.join(', ')}`);
  const example = schema ? requestExample(doc, entry) : undefined;
  if (example) {
    const names = namedExamples(doc, entry);
    lines.push('', `A valid example body${names[0] ? ` ("${names[0]}")` : ''}:`, JSON.stringify(example.value, null, 2));
    if (names.length > 1) lines.push(`Other named examples in the document: ${names.slice(1).join(', ')}`);
  }
  return lines.join('\n');
}

const documentOf = (api: string) => SERVED.find((s) => s.api === api)?.document;

export const referenceTools = (documents: McpContext['documents']): Tool[] => {
  const check = controlTool(
    {
      name: 'check_request',
      title: 'Check a request without sending it',
      operationId: 'checkRequest',
      description:
        'Checks a push v1, DMP or control request (operationId, path and query parameters, JSON body) against its ' +
        'document exactly as the sandbox checks what it receives, and lists each violation at its field. Nothing is ' +
        'sent or changed; no credentials are needed.',
      render(data) {
        const result = data as Schemas['RequestCheckResult'];
        if (result.violations.length === 0) return text(`Valid: ${result.operation} breaks no rule of its document.`);
        return text([`${result.operation} breaks ${result.violations.length} rule(s):`, ...result.violations.map((v) => `- ${v.location.join('.')}: ${v.message} (${v.code})`)].join('\n'));
      },
    },
    documents,
  );
  const apiNames = (check.inputSchema.properties as Record<string, { enum?: string[] }>).api!.enum ?? [];
  const lookup: Tool = {
    name: 'lookup_operation',
    title: 'Look up an operation',
    description:
      'Gives one operation of the reference: method and path, base URL and credentials, summary, its rules as the ' +
      'document writes them, parameters, the templates it takes, and a valid example body to start from. Without ' +
      'operationId, lists the operations of the API.',
    inputSchema: {
      type: 'object',
      properties: {
        api: { type: 'string', enum: apiNames, description: 'The interface: push-v1, dmp, or the sandbox\'s control API.' },
        operationId: { type: 'string', description: 'The operationId, such as pushSingle or getUserTags; leave it out to list them.' },
      },
      required: ['api'],
      additionalProperties: false,
    },
    async run(args) {
      const name = documentOf(String(args.api));
      const doc = name ? documents[name] : undefined;
      if (!doc) return toolError(`api "${String(args.api)}" is not one of: ${apiNames.join(', ')}`);
      const entries = listOperations(doc);
      if (args.operationId === undefined) return text(entries.map((e) => `${e.operationId}: ${e.method.toUpperCase()} ${e.path}: ${String(e.operation.summary ?? '')}`).join('\n'));
      const entry = entries.find((e) => e.operationId === args.operationId);
      if (!entry) return toolError(`${String(args.api)} has no operation "${String(args.operationId)}"; its operations: ${entries.map((e) => e.operationId).join(', ')}`);
      return text(operationText(String(args.api), doc, operationNamed(doc, entry.operationId!)));
    },
  };
  return [check, lookup];
};
