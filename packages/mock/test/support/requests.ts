// Valid requests read from the documents: parameter examples and the first request-body example.
import { examplesOf, parameterExamples, requestExample } from '@pushapi/openapi/walk';
import { documents, operations, type ApiName } from './documents.js';

export interface ExampleRequest {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** A request built from the document's own examples; throws when one is missing. */
export function exampleRequest(api: ApiName, path: string, method: string): ExampleRequest {
  const entry = operations(api).find((o) => o.path === path && o.method === method);
  if (!entry) throw new Error(`${api}: no operation ${method.toUpperCase()} ${path}`);
  const examples = parameterExamples(documents[api], entry);
  const body = requestExample(documents[api], entry);
  return {
    path: Object.fromEntries(Object.entries(examples.path).map(([k, v]) => [k, String(v)])),
    query: examples.query,
    ...(body ? { body: body.value } : {}),
  };
}

/** Every example documented for an answer (static Prism answers one of them). */
export function documentedExamples(api: ApiName, media: unknown): unknown[] {
  return examplesOf(documents[api], media);
}
