// The documents the verifier checks against (from @pushapi/openapi), compiled once with the sandbox's validator,
// and where in openapi/ each part of them is written (so that a finding names the file to edit).
import { loadDocument } from '@pushapi/openapi/apis';
import { deref, listOperations, locate, type Document, type OperationEntry } from '@pushapi/openapi/walk';
import { SchemaSet } from '@pushapi/sandbox';
import schemaFiles from './generated/schema-files.json' with { type: 'json' };

export type ApiName = 'push-v1' | 'dmp';
export const API_NAMES: readonly ApiName[] = ['push-v1', 'dmp'];

export interface Operation extends OperationEntry {
  api: ApiName;
  operationId: string;
}

export interface Documents {
  docs: Record<ApiName, Document>;
  schemas: SchemaSet;
  /** Every operation of both documents, by operationId. */
  operations: Map<string, Operation>;
}

let loaded: Documents | undefined;

/** Both documents, loaded and compiled once per process. */
export function documents(): Documents {
  if (loaded) return loaded;
  const docs = { 'push-v1': loadDocument('push-v1'), dmp: loadDocument('dmp') } as Record<ApiName, Document>;
  const operations = new Map<string, Operation>();
  for (const api of API_NAMES) {
    for (const entry of listOperations(docs[api]))
      operations.set(entry.operationId!, { ...entry, api, operationId: entry.operationId! });
  }
  loaded = { docs, schemas: new SchemaSet(docs), operations };
  return loaded;
}

/** The operation called `operationId`; throws naming it when the documents have none. */
export function operation(operationId: string): Operation {
  const op = documents().operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the documents`);
  return op;
}

/** The bundle pointer of a response's schema, or undefined when the documents declare none for that status/type. */
export function responseSchema(op: Operation, status: number, mediaType: string): string | undefined {
  const doc = documents().docs[op.api];
  const responses = deref(doc, op.operation.responses) as Record<string, unknown>;
  const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
  if (!key) return undefined;
  const schema = locate(doc, ['paths', op.path, op.method, 'responses', key, 'content', mediaType, 'schema']);
  return schema?.pointer;
}

/** The media types a response of that status declares ([] when the status is not declared). */
export function declaredMediaTypes(op: Operation, status: number): string[] | undefined {
  const doc = documents().docs[op.api];
  const responses = op.operation.responses as Record<string, unknown>;
  const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
  if (!key) return undefined;
  const response = deref(doc, responses[key]) as { content?: Record<string, unknown> };
  return Object.keys(response.content ?? {});
}

/** The bundle pointer of the request body's schema, if the operation takes one. */
export function requestSchema(op: Operation): string | undefined {
  const doc = documents().docs[op.api];
  return locate(doc, ['paths', op.path, op.method, 'requestBody', 'content', 'application/json', 'schema'])?.pointer;
}

export interface SourcePlace {
  /** The file under openapi/, relative to the workspace root. */
  file: string;
  /** The JSON pointer inside that file. */
  pointer: string;
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where a node of the bundle is written: `#/components/schemas/X/properties` -> `openapi/.../X.yaml#/properties`. */
export function sourceOf(api: ApiName, bundlePointer: string): SourcePlace {
  const parts = bundlePointer.replace(/^#\//, '').split('/');
  const rest = (n: number) => `#/${parts.slice(n).join('/')}`.replace(/\/$/, '');
  if (parts[0] === 'components') {
    const files = (schemaFiles as Record<string, Record<string, Record<string, string>>>)[api]?.[parts[1]!];
    const file = files?.[unescape(parts[2] ?? '')];
    if (file) return { file, pointer: rest(3) };
  }
  if (parts[0] === 'paths' && parts[1]) {
    const name = unescape(parts[1]).replace(/^\//, '').replace(/\//g, '_');
    return { file: `openapi/${api}/paths/${name}.yaml`, pointer: rest(2) };
  }
  return { file: `openapi/${api}/openapi.yaml`, pointer: bundlePointer };
}
