// The public bundles, and a JSON Schema 2020-12 validator for the answers they document.
import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { listOperations } from '../../src/index.mjs';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with a `default` property: take whichever form the loader hands us.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

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

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * Walks `segments` from the document root, following local `$ref`s (components/responses, ...), and
 * returns the JSON pointer where the walk ends, or undefined when a segment is missing.
 */
export function locate(api: ApiName, segments: string[]): { pointer: string; value: any } | undefined {
  let pointer: string[] = [];
  let value: any = documents[api];
  const follow = () => {
    for (let hops = 0; value && typeof value.$ref === 'string' && value.$ref.startsWith('#/') && hops < 10; hops++) {
      pointer = value.$ref.slice(2).split('/').map(unescape);
      value = pointer.reduce((node: any, key) => node?.[key], documents[api]);
    }
  };
  for (const segment of segments) {
    follow();
    if (value === undefined || value === null || !(segment in value)) return undefined;
    value = value[segment];
    pointer = [...pointer, segment];
  }
  follow();
  return { pointer: `#/${pointer.map(escape).join('/')}`, value };
}

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
