// The reference, for an agent: look up an operation (summary, rules, parameters, templates, a valid example body),
// and check a request against its document without sending it.
import { listOperations, requestExample, type Document, type OperationEntry } from '@pushapi/openapi/walk';
import { type components, must } from '@pushapi/sandbox/client';
import { SERVED } from '@pushapi/sandbox/documents';
import { bodySchema, inlineSchema, type JsonSchema } from '../schemas.js';
import { readOperationId } from '../operation-names.js';
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
  const media = (body?.content as Record<string, { examples?: Record<string, unknown> }> | undefined)?.[
    'application/json'
  ];
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
    lines.push(
      '',
      'Parameters:',
      ...entry.parameters.map(
        (p) => `- ${p.name} (${p.in}${p.required ? ', required' : ''}): ${String(p.description ?? '').trim()}`,
      ),
    );
  }
  const schema = bodySchema(doc, entry);
  if (api === 'push-v1' && JSON.stringify(schema ?? {}).includes('"push_info"')) {
    lines.push(
      '',
      'iOS: an iOS device shows only push_info.aps.alert (title, body); the template is drawn by Android. Without it an iPhone shows nothing: check_request and send_push warn (the push check).',
    );
  }
  const templates = templateNames(schema);
  if (templates.length > 0) lines.push('', `Templates (message.msgtype): ${templates.join(', ')}`);
  const example = schema ? requestExample(doc, entry) : undefined;
  if (example) {
    const names = namedExamples(doc, entry);
    lines.push(
      '',
      `A valid example body${names[0] ? ` ("${names[0]}")` : ''}:`,
      JSON.stringify(example.value, null, 2),
    );
    if (names.length > 1) lines.push(`Other named examples in the document: ${names.slice(1).join(', ')}`);
  }
  return lines.join('\n');
}

/** A push v1 body's requestid, which send_push fills in when the body leaves it out. */
const isRequestId = (v: Schemas['Violation']) =>
  v.code === 'required' && v.location[0] === 'body' && v.location.at(-1) === 'requestid';

/** The check's result as text: the violations, a missing requestid as a note (push v1), and the push check's warnings. */
export function checkText(result: Schemas['RequestCheckResult'], push: boolean): string {
  const notes = push ? result.violations.filter(isRequestId) : [];
  const violations = result.violations.filter((v) => !notes.includes(v));
  const lines = [
    violations.length === 0
      ? `Valid: ${result.operation} breaks no rule of its document.`
      : `${result.operation} breaks ${violations.length} rule(s):`,
    ...violations.map((v) => `- ${v.location.join('.')}: ${v.message} (${v.code})`),
    ...notes.map(
      (v) =>
        `Note: ${v.location.join('.')} is left out: send_push fills it in; your own code must send one (a new one per push).`,
    ),
  ];
  // Warnings are of a push the service would accept: not of a broken one.
  if (violations.length === 0 && result.warnings.length > 0) lines.push(...warningLines(result.warnings));
  return lines.join('\n');
}

/** The push check's warnings, one line each: platform, field, code, what happens. */
export const warningLines = (warnings: Schemas['PushWarning'][]): string[] => [
  `Push check: ${warnings.length} warning(s) (accepted by the service, but):`,
  ...warnings.map((w) => `- [${w.platform}] ${w.location.join('.')} (${w.code}): ${w.message}`),
];

/** The operationId of check_request's input read as the one name every tool takes. */
function readOperation(
  documents: McpContext['documents'],
  args: Record<string, unknown>,
): { args: Record<string, unknown>; notes: string[] } | string {
  if (typeof args.api !== 'string' || typeof args.operationId !== 'string') return { args, notes: [] };
  const read = readOperationId(documents, args.api, args.operationId, 'operationId');
  if ('refusal' in read) return `Not done: ${read.refusal}`;
  return { args: { ...args, operationId: read.operationId }, notes: read.note ? [read.note] : [] };
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
        'document exactly as the sandbox checks what it receives, and lists each violation at its field; for a push, ' +
        'also what a phone will do with it (the push check: warnings, such as an iOS device showing nothing). With ' +
        "appid, the push check also compares the body with that app's appkey, clock (pushTime is in the app's time " +
        'zone, settings.utcOffsetMinutes, default UTC+08:00) and earlier notify_ids. A missing requestid is noted, not ' +
        'counted: send_push fills it in. Nothing is sent or changed; no credentials are needed.',
      prepare: (args, { documents }) => readOperation(documents, args),
      render(data, args) {
        return text(checkText(data as Schemas['RequestCheckResult'], args.api === 'push-v1'));
      },
    },
    documents,
  );
  const apiNames =
    must(
      (check.inputSchema.properties as Record<string, { enum?: string[] }>).api,
      "check_request's input has the field api (RequestCheck of the sandbox document)",
    ).enum ?? [];
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
        api: {
          type: 'string',
          enum: apiNames,
          description: "The interface: push-v1, dmp, or the sandbox's control API.",
        },
        operationId: {
          type: 'string',
          description: 'The operationId, such as pushSingle or getUserTags; leave it out to list them.',
        },
      },
      required: ['api'],
      additionalProperties: false,
    },
    example: { api: 'push-v1', operationId: 'pushSingle' },
    prepare: (args) => readOperation(documents, args),
    async run(args) {
      const name = documentOf(String(args.api));
      const doc = name ? documents[name] : undefined;
      if (!doc) return toolError(`api "${String(args.api)}" is not one of: ${apiNames.join(', ')}`);
      const entries = listOperations(doc);
      if (args.operationId === undefined)
        return text(
          entries
            .map((e) => `${e.operationId}: ${e.method.toUpperCase()} ${e.path}: ${String(e.operation.summary ?? '')}`)
            .join('\n'),
        );
      const entry = entries.find((e) => e.operationId === args.operationId);
      if (!entry)
        return toolError(
          `${String(args.api)} has no operation "${String(args.operationId)}"; its operations: ${entries.map((e) => e.operationId).join(', ')}`,
        );
      return text(operationText(String(args.api), doc, entry));
    },
  };
  return [check, lookup];
};
