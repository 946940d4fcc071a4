// Valid requests read from the documents: parameter examples and the first request-body example.
import { documents, type ApiName } from './documents.js';

/** Follows a local `$ref` (`#/components/...`) of a bundled document. */
export function deref(api: ApiName, value: any): any {
  let current = value;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 10; hops++) {
    const segments = current.$ref.replace(/^#\//, '').split('/').map((s: string) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    current = segments.reduce((node: any, key: string) => node?.[key], documents[api]);
  }
  return current;
}

/** The example value of a parameter or media type: `example`, else the first of `examples`. */
export function exampleOf(api: ApiName, holder: any): { found: boolean; value?: unknown } {
  if (holder && 'example' in holder) return { found: true, value: holder.example };
  const first = holder?.examples && Object.values(holder.examples)[0];
  if (first) return { found: true, value: deref(api, first).value };
  return { found: false };
}

export interface ExampleRequest {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** A request built from the document's own examples; throws when one is missing. */
export function exampleRequest(api: ApiName, path: string, method: string): ExampleRequest {
  const item = documents[api].paths[path];
  const operation = item[method];
  const request: ExampleRequest = { path: {}, query: {} };
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = deref(api, raw);
    const example = exampleOf(api, parameter);
    if (!example.found) throw new Error(`${operation.operationId}: parameter ${parameter.name} has no example`);
    if (parameter.in === 'path') request.path[parameter.name] = String(example.value);
    else if (parameter.in === 'query') request.query[parameter.name] = example.value;
  }
  const content = deref(api, operation.requestBody)?.content;
  if (content) {
    const media = content['application/json'];
    const example = exampleOf(api, media);
    if (!example.found) throw new Error(`${operation.operationId}: request body has no example`);
    request.body = example.value;
  }
  return request;
}

/** Every example documented for an answer (static Prism answers one of them). */
export function documentedExamples(api: ApiName, media: any): unknown[] {
  if (!media) return [];
  if ('example' in media) return [media.example];
  return Object.values(media.examples ?? {}).map((e) => deref(api, e).value);
}
