// The three documents the sandbox serves (push v1, DMP, control), read by the tests on their own: the operations
// (through the shared walker), and a JSON Schema 2020-12 validator (Ajv) over the bundles that is not the
// sandbox's instance, to judge requests and answers independently of the code under test.
import { loadDocument } from '@pushapi/openapi/apis';
import { listOperations, locate, type Document, type Parameter } from '@pushapi/openapi/walk';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { withDocumentVocabulary } from '../../src/validation/schemas.js';

export type ApiName = 'push-v1' | 'dmp' | 'control';

/** Where each interface is served, and its document's name in the registry. */
export const MOUNTED: readonly { api: ApiName; document: string }[] = [
  { api: 'push-v1', document: 'push-v1' },
  { api: 'dmp', document: 'dmp' },
  { api: 'control', document: 'sandbox' },
];

export interface Operation {
  api: ApiName;
  document: string;
  doc: Document;
  method: string;
  /** The path template as the document writes it. */
  path: string;
  operationId: string;
  /** Path and query parameters, each with the local pointer of its schema. */
  parameters: (Parameter & { pointer: string })[];
  /** Local pointer of the JSON request body's schema. */
  body: { pointer: string; required: boolean } | undefined;
  secured: boolean;
  /** status -> media type -> local pointer of the schema (null: documented without a body). */
  responses: Record<string, Record<string, string | null>>;
}

const requires = (security: unknown) =>
  Array.isArray(security) && security.length > 0 && !security.some((r) => Object.keys(r as object).length === 0);

export function loadOperations(): Operation[] {
  return MOUNTED.flatMap(({ api, document }) => {
    const doc = loadDocument(document) as Document;
    return listOperations(doc).map((entry): Operation => {
      const at = ['paths', entry.path, entry.method];
      const body = locate(doc, [...at, 'requestBody']);
      const bodySchema = body && locate(doc, [...at, 'requestBody', 'content', 'application/json', 'schema']);
      const responses: Operation['responses'] = {};
      for (const status of Object.keys(entry.operation.responses ?? {})) {
        const content = locate(doc, [...at, 'responses', status, 'content'])?.value ?? {};
        responses[status] = Object.fromEntries(
          Object.keys(content).map((type) => [
            type,
            locate(doc, [...at, 'responses', status, 'content', type, 'schema'])?.pointer ?? null,
          ]),
        );
      }
      return {
        api,
        document,
        doc,
        method: entry.method.toUpperCase(),
        path: entry.path,
        operationId: String(entry.operationId),
        parameters: entry.parameters
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ ...p, pointer: parameterPointer(doc, entry.path, entry.method, p) })),
        body: bodySchema ? { pointer: bodySchema.pointer, required: body.value.required === true } : undefined,
        secured: requires(entry.operation.security ?? doc.security),
        responses,
      };
    });
  });
}

/** One Ajv over every bundle: `push-v1#/components/schemas/...`. */
export class Contract {
  // Its own Ajv instance; only the meaning of the documents' formats and keyword is the sandbox's.
  readonly #ajv = withDocumentVocabulary(new Ajv2020({ strict: false, allErrors: false, validateFormats: true }));
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(operations: Operation[]) {
    for (const op of new Map(operations.map((o) => [o.document, o.doc])).entries()) this.#ajv.addSchema(op[1], op[0]);
  }

  /** Ajv's errors for `data` against the schema at `document#pointer`, or [] when it is valid. */
  errors(document: string, pointer: string, data: unknown): string[] {
    const ref = `${document}${pointer}`;
    let validate = this.#compiled.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#compiled.set(ref, validate);
    }
    return validate(data)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
  }

  /** Whether a request's parameters and body are what the document accepts (text parameters read as their type). */
  acceptsRequest(
    op: Operation,
    parts: { params: Record<string, string>; query: URLSearchParams; body: unknown },
  ): boolean {
    for (const p of op.parameters) {
      const text = p.in === 'path' ? parts.params[p.name] : (parts.query.get(p.name) ?? undefined);
      if (text === undefined) {
        if (p.required) return false;
        continue;
      }
      // A parameter is text on the wire: a documented integer is a numeric text.
      const type = typeOf(op.doc, p.schema);
      const value = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      if (this.errors(op.document, p.pointer, value).length > 0) return false;
    }
    if (op.body) {
      if (parts.body === undefined) return !op.body.required;
      return this.errors(op.document, op.body.pointer, parts.body).length === 0;
    }
    return true;
  }

  /**
   * Ajv's errors for an answer against the document's response of its status and media type; undefined when the
   * document has no response for that status (the caller decides what that means).
   */
  responseErrors(op: Operation, status: number, contentType: string | null, body: unknown): string[] | undefined {
    const documented = op.responses[String(status)];
    if (!documented) return undefined;
    const types = Object.keys(documented);
    if (types.length === 0) return body === undefined ? [] : ['a body where the document has none'];
    const type = (contentType ?? '').split(';')[0]!.trim();
    if (!(type in documented)) return [`media type "${type}" where the document has ${types.join(', ')}`];
    const pointer = documented[type];
    return typeof pointer === 'string' ? this.errors(op.document, pointer, body) : [];
  }
}

/** The local pointer of a parameter's schema: on the operation, else on the path item. */
function parameterPointer(doc: Document, path: string, method: string, p: Parameter): string {
  for (const at of [
    ['paths', path, method, 'parameters'],
    ['paths', path, 'parameters'],
  ]) {
    const list = (locate(doc, at)?.value ?? []) as unknown[];
    for (let i = 0; i < list.length; i++) {
      const found = locate(doc, [...at, String(i)])?.value;
      if (found?.name === p.name && found?.in === p.in) return locate(doc, [...at, String(i), 'schema'])!.pointer;
    }
  }
  throw new Error(`no schema for parameter ${p.in} ${p.name} of ${method.toUpperCase()} ${path}`);
}

/** A parameter schema's type, through local references. */
function typeOf(doc: Document, schema: any): unknown {
  let node = schema;
  for (let i = 0; i < 16 && node && typeof node.$ref === 'string'; i++)
    node = locate(doc, node.$ref.slice(2).split('/'))?.value;
  return node?.type;
}
