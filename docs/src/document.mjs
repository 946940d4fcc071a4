// Reading helpers of the docs over a bundled OpenAPI 3.1 document. The walking itself (references, operations,
// first examples) is the shared walker of @pushapi/openapi; this adds what only the code samples need.
import { deref } from '@pushapi/openapi/walk';

export { deref, label, listOperations, parameterExamples, requestExample } from '@pushapi/openapi/walk';

/**
 * The security schemes a request sends: those of the first security requirement that applies (the
 * operation's own, or the document's). Requirements are alternatives; a sample shows the first.
 */
export function securityOf(doc, entry) {
  const [first = {}] = entry.operation.security ?? doc.security ?? [];
  return Object.keys(first).map((name) => ({ name, scheme: deref(doc, doc.components?.securitySchemes?.[name]) }));
}

/** Media types the operation's responses declare (used to send a matching Accept header). */
export function responseMediaTypes(doc, entry) {
  const types = new Set();
  for (const raw of Object.values(entry.operation.responses ?? {})) {
    const res = deref(doc, raw);
    for (const type of Object.keys(res.content ?? {})) types.add(type);
  }
  return [...types];
}
