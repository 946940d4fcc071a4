// One name per operation in every tool: the documents' operationId (pushSingle). The name of its path, which the
// description writes (push_single) and the control API's faults take, is read as the operationId it stands for;
// a name that is neither is answered with the valid names.
import { listOperations, type Document } from '@pushapi/openapi/walk';
import { SERVED } from '../start/documents.js';
import { faultNames } from '../shared/fault-names.js';
import type { McpContext } from './tool.js';

interface Named {
  operationId: string;
  /** The path's name: `push_single`, `tags/user`, `user_blk_list (DELETE)`. */
  pathName: string;
}

function namedOperations(api: string, doc: Document): Named[] {
  const entries = listOperations(doc);
  // The control API names its operations by operationId only.
  const names =
    api === 'control'
      ? entries.map((e) => e.operationId!)
      : faultNames(entries.map((e) => ({ api, method: e.method, path: e.path })));
  return entries.map((e, i) => ({ operationId: e.operationId!, pathName: names[i]! }));
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
  if (found.length === 1)
    return {
      operationId: found[0]!.operationId,
      note: `${field} "${name}" read as ${found[0]!.operationId} (the operationId every tool takes).`,
    };
  if (found.length > 1)
    return {
      refusal: `${field}: "${name}" names ${found.length} operations of ${api}; give one operationId: ${found.map((o) => o.operationId).join(', ')}`,
    };
  return {
    refusal: `${field}: ${api} has no operation "${name}" (rule: enum). Its operationIds: ${operations.map((o) => o.operationId).join(', ')}`,
  };
}

/** The operationIds of push v1 and DMP: the operations a fault can answer. */
export const operationIds = (documents: McpContext['documents']): string[] =>
  ['push-v1', 'dmp'].flatMap((api) => namedOperations(api, documents[api]!).map((o) => o.operationId));

/** The name a fault takes (push_single, tags/user) for an operationId of push v1 or DMP, or the name as it is. */
export function faultNameOf(documents: McpContext['documents'], name: string): { name: string; operationId?: string } {
  for (const api of ['push-v1', 'dmp']) {
    const found = namedOperations(api, documents[api]!).find((o) => o.operationId === name || o.pathName === name);
    if (found) return { name: found.pathName, operationId: found.operationId };
  }
  return { name };
}
