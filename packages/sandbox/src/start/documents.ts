// The public documents the sandbox serves and checks against (from @pushapi/openapi), and their operations as
// the router and the validator need them. Operations, paths, parameters and body schemas all come from the
// documents through the shared walker: nothing here lists them by hand.
import { loadDocument } from '@pushapi/openapi/apis';
import { listOperations as walk, locate, type Document } from '@pushapi/openapi/walk';
import { MOUNTS } from '../shared/config.js';
import { faultNames, pathName } from '../shared/fault-names.js';
import { must } from '../shared/must.js';

/** The interfaces the sandbox serves: the registry's document of each, and where it is mounted. */
export const SERVED = [
  { api: 'push-v1', document: 'push-v1', mount: `${MOUNTS.push}/{appid}` },
  { api: 'dmp', document: 'dmp', mount: MOUNTS.dmp },
  { api: 'control', document: 'sandbox', mount: MOUNTS.control },
] as const;

export type ApiName = (typeof SERVED)[number]['api'];

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** `document#pointer` of its schema. */
  ref: string;
}

export interface OperationSpec {
  api: ApiName;
  method: string;
  /** The path as the document writes it, such as `/query_cid/{alias}`. */
  template: string;
  /** The name users know: push v1 `query_cid`, DMP `tags/user`, control `getInbox`. */
  name: string;
  operationId: string;
  parameters: ParameterSpec[];
  body: { ref: string; required: boolean } | undefined;
  /** Whether the operation needs credentials (push authtoken, DMP bearer token). */
  secured: boolean;
  /** `x-rate-controlled`: the description names it as frequency-limited. */
  rateControlled: boolean;
  /** The name a fault gives it, one per operation (`user_blk_list (POST)`): see fault-names.ts. Unset for control. */
  faultName?: string;
}

export function loadDocuments(): Record<string, Document> {
  return Object.fromEntries(SERVED.map(({ document }) => [document, loadDocument(document) as Document]));
}

/** A served document by name, from what loadDocuments read (every document of SERVED). */
export const documentOf = (documents: Record<string, Document>, name: string): Document =>
  must(documents[name], `document ${name} is loaded (loadDocuments reads each one SERVED names)`);

/** The name of an operation as users know it (see OperationSpec.name). */
function nameOf(api: ApiName, template: string, operationId: string): string {
  return api === 'control' ? operationId : pathName(api, template);
}

/** A security requirement list that allows calling without credentials (`{}` among them) is no requirement. */
const requires = (security: unknown): boolean =>
  Array.isArray(security) && security.length > 0 && !security.some((r) => Object.keys(r as object).length === 0);

export function listOperations(documents: Record<string, Document>): OperationSpec[] {
  const operations = SERVED.flatMap(({ api, document }) => {
    const doc = documentOf(documents, document);
    const pointer = (segments: string[]) =>
      `${document}${must(locate(doc, segments), `${document} has ${segments.join('/')} (walk listed it)`).pointer}`;
    return walk(doc).map((entry): OperationSpec => {
      const operationId = String(entry.operationId);
      const at = ['paths', entry.path, entry.method];
      // Where each parameter's schema is: on the operation, or on the path item (the operation's win).
      const own = (entry.operation.parameters ?? []) as unknown[];
      const parameters = entry.parameters.map((p): ParameterSpec => {
        const index = own.findIndex((_, i) => {
          const found = locate(doc, [...at, 'parameters', String(i)])?.value;
          return found?.name === p.name && found?.in === p.in;
        });
        const holder =
          index >= 0
            ? [...at, 'parameters', String(index)]
            : ['paths', entry.path, 'parameters', String(pathLevelIndex(doc, entry.path, p))];
        return { name: p.name, in: p.in, required: p.required === true, ref: pointer([...holder, 'schema']) };
      });
      const body = locate(doc, [...at, 'requestBody']);
      const json = body && locate(doc, [...at, 'requestBody', 'content', 'application/json', 'schema']);
      return {
        api,
        method: entry.method.toUpperCase(),
        template: entry.path,
        name: nameOf(api, entry.path, operationId),
        operationId,
        parameters,
        body: json ? { ref: `${document}${json.pointer}`, required: body.value.required === true } : undefined,
        secured: requires(entry.operation.security ?? doc.security),
        rateControlled: entry.operation['x-rate-controlled'] === true,
      };
    });
  });
  const served = operations.filter((op) => op.api !== 'control');
  const names = faultNames(served.map((op) => ({ api: op.api, method: op.method, path: op.template })));
  served.forEach((op, i) => (op.faultName = names[i]));
  return operations;
}

function pathLevelIndex(doc: Document, path: string, p: { name: string; in: string }): number {
  const list = (locate(doc, ['paths', path, 'parameters'])?.value ?? []) as unknown[];
  return list.findIndex((_, i) => {
    const found = locate(doc, ['paths', path, 'parameters', String(i)])?.value;
    return found?.name === p.name && found?.in === p.in;
  });
}
