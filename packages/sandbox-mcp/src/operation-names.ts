// One name per operation in every tool: the documents' operationId (pushSingle). The name of its path, which the
// description writes (push_single) and the control API's faults take, is read as the operationId it stands for;
// a name that is neither is answered with the valid names.
import { listOperations, type Document } from '@pushapi/openapi/walk';
import { faultNames, must } from '@pushapi/sandbox/client';
import { SERVED } from '@pushapi/sandbox/documents';
import type { McpContext } from './tool.js';

interface Named {
  operationId: string;
  /** The path's name: `push_single`, `tags/user`, `user_blk_list (DELETE)`. */
  pathName: string;
}

function namedOperations(api: string, doc: Document): Named[] {
  // Every operation of the served documents has an operationId (the documents' convention, checked by their lint).
  const entries = listOperations(doc).map((e) => ({
    ...e,
    operationId: must(e.operationId, `${api} ${e.method.toUpperCase()} ${e.path} has an operationId`),
  }));
  // The control API names its operations by operationId only.
  const names =
    api === 'control'
      ? entries.map((e) => e.operationId)
      : faultNames(entries.map((e) => ({ api, method: e.method, path: e.path })));
  return entries.map((e, i) => ({
    operationId: e.operationId,
    pathName: must(names[i], 'faultNames gives one name per operation, in order'),
  }));
}

/** A name read as an operationId of the API: the operationId, or what the name stands for, or the refusal's text. */
export function readOperationId(
  documents: McpContext['documents'],
  api: string,
  name: string,
  field: string,
): { operationId: string; note?: string } | { refusal: string } {
  const document = SERVED.find((s) => s.api === api)?.document;
  const doc = document ? documents[document] : undefined;
  if (!doc) return { refusal: `${field}: api "${api}" is not one of ${SERVED.map((s) => s.api).join(', ')}` };
  const operations = namedOperations(api, doc);
  if (operations.some((o) => o.operationId === name)) return { operationId: name };
  const found = operations.filter((o) => o.pathName === name || o.pathName.split(' ')[0] === name);
  if (found.length > 1)
    return {
      refusal: `${field}: "${name}" names ${found.length} operations of ${api}; give one operationId: ${found.map((o) => o.operationId).join(', ')}`,
    };
  const [only] = found;
  if (only)
    return {
      operationId: only.operationId,
      note: `${field} "${name}" read as ${only.operationId} (the operationId every tool takes).`,
    };
  return {
    refusal: `${field}: ${api} has no operation "${name}" (rule: enum). Its operationIds: ${operations.map((o) => o.operationId).join(', ')}`,
  };
}

/** The operationIds of push v1 and DMP: the operations a fault can answer. */
/** The APIs whose operations a fault can answer, each its document's name. */
const FAULT_APIS = ['push-v1', 'dmp'] as const;

export const operationIds = (documents: McpContext['documents']): string[] =>
  FAULT_APIS.flatMap((api) => namedOperations(api, documents[api]).map((o) => o.operationId));

/** The name a fault takes (push_single, tags/user) for an operationId of push v1 or DMP, or the name as it is. */
export function faultNameOf(documents: McpContext['documents'], name: string): { name: string; operationId?: string } {
  for (const api of FAULT_APIS) {
    const found = namedOperations(api, documents[api]).find((o) => o.operationId === name || o.pathName === name);
    if (found) return { name: found.pathName, operationId: found.operationId };
  }
  return { name };
}
