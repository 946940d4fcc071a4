// The public bundles, and a JSON Schema 2020-12 validator for the answers they document.
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { listOperations } from '../../src/index.mjs';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with a `default` property: take whichever form the loader hands us.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

export type ApiName = 'push-v1' | 'dmp';
export const documents: Record<ApiName, any> = {
  'push-v1': require('@pushapi/openapi/push-v1.json'),
  dmp: require('@pushapi/openapi/dmp.json'),
};

export function operations(api: ApiName) {
  return listOperations(documents[api]) as { method: string; path: string; operation: any }[];
}

// strict: false because the documents carry OpenAPI keywords (example, discriminator) and x- extensions.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const [name, doc] of Object.entries(documents)) ajv.addSchema(doc, name);

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Validates a body against the schema the document declares for that answer; returns the errors. */
export function responseErrors(
  api: ApiName,
  path: string,
  method: string,
  status: number,
  mediaType: string,
  body: unknown,
): ErrorObject[] | string {
  const response = documents[api].paths[path]?.[method]?.responses?.[String(status)];
  if (!response) return `no ${status} answer documented for ${method.toUpperCase()} ${path}`;
  // No content documented (the DMP 400/401/403): there is no schema to hold the body to.
  if (!response.content) return [];
  if (!response.content[mediaType]) return `media type ${mediaType} not documented for ${status}`;
  const ref = `${api}#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(mediaType)}/schema`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return validate(body) ? [] : (validate.errors ?? []);
}
