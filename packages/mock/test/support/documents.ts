// The public bundles of the registry's APIs, and a JSON Schema 2020-12 validator for the answers they document.
import { apis, loadDocument } from '@pushapi/openapi/apis';
import { listOperations, locate as locateIn, type OperationEntry } from '@pushapi/openapi/walk';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a `default` property: take whichever form the loader hands us.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

/** The name of a mocked API of the registry, such as `push-v1` (those marked `x-mock: false` are not mocked). */
export type ApiName = string;
export const apiNames: ApiName[] = apis.filter((api) => api.mock).map((api) => api.name);
export const documents: Record<ApiName, any> = Object.fromEntries(apiNames.map((name) => [name, loadDocument(name)]));

export function operations(api: ApiName): OperationEntry[] {
  return listOperations(documents[api]);
}

/** Walks `segments` from the root of an API's document, following references (see the walker's `locate`). */
export function locate(api: ApiName, segments: string[]) {
  return locateIn(documents[api], segments);
}

// strict: false because the documents carry OpenAPI keywords (example, discriminator) and x- extensions.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const [name, doc] of Object.entries(documents)) ajv.addSchema(doc, name);

/** Validates a body against the schema the document declares for that answer; returns the errors. */
export function responseErrors(
  api: ApiName,
  path: string,
  method: string,
  status: number,
  mediaType: string,
  body: unknown,
): ErrorObject[] | string {
  const response = locate(api, ['paths', path, method, 'responses', String(status)]);
  if (!response) return `no ${status} answer documented for ${method.toUpperCase()} ${path}`;
  // No content documented: there is no schema to hold the body to.
  if (!response.value.content) return [];
  const schema = locate(api, ['paths', path, method, 'responses', String(status), 'content', mediaType, 'schema']);
  if (!schema) return `media type ${mediaType} (or its schema) not documented for ${status}`;
  const ref = `${api}${schema.pointer}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return validate(body) ? [] : (validate.errors ?? []);
}
