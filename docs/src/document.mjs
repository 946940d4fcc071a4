// Reading helpers over a bundled OpenAPI 3.1 document: local $ref resolution, the list of
// operations in document order, and the first example of a request body or parameter.
// The code samples and the guides are generated from these, so they follow the documents.

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows local `#/...` references until a non-reference object is reached. */
export function deref(doc, node) {
  const seen = new Set();
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (!node.$ref.startsWith('#/')) throw new Error(`only local references are supported, got ${node.$ref}`);
    if (seen.has(node.$ref)) throw new Error(`reference cycle at ${node.$ref}`);
    seen.add(node.$ref);
    node = node.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at, key) => (at == null ? undefined : at[key]), doc);
    if (node === undefined) throw new Error(`unresolved reference ${[...seen].pop()}`);
  }
  return node;
}

/** Every operation as { method, path, operation, parameters } in the order of the document. */
export function listOperations(doc) {
  const out = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      out.push({ method, path, operation, parameters: mergeParameters(doc, item.parameters, operation.parameters) });
    }
  }
  return out;
}

// Operation-level parameters override path-level ones with the same name and location.
function mergeParameters(doc, pathLevel = [], opLevel = []) {
  const byKey = new Map();
  for (const raw of [...pathLevel, ...opLevel]) {
    const p = deref(doc, raw);
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

const noExample = Symbol('no example');

// The first example among `example`, `examples` (map of Example Objects) and schema `examples`.
function firstExample(doc, holder) {
  if (!holder) return noExample;
  if (holder.example !== undefined) return holder.example;
  if (holder.examples && typeof holder.examples === 'object' && !Array.isArray(holder.examples)) {
    const first = Object.values(holder.examples)[0];
    if (first !== undefined) {
      const ex = deref(doc, first);
      if (ex.value !== undefined) return ex.value;
    }
  }
  const schema = holder.schema ? deref(doc, holder.schema) : undefined;
  if (schema && Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema && schema.example !== undefined) return schema.example;
  return noExample;
}

/** The JSON request body media type and its first example, or undefined when there is no body. */
export function requestExample(doc, entry) {
  if (!entry.operation.requestBody) return undefined;
  const body = deref(doc, entry.operation.requestBody);
  const [mediaType, media] = Object.entries(body.content ?? {}).find(([type]) => /json/.test(type)) ?? [];
  if (!media) throw new Error(`${label(entry)}: request body has no JSON media type`);
  const value = firstExample(doc, media);
  if (value === noExample) throw new Error(`${label(entry)}: request body has no example`);
  return { mediaType, value };
}

/** The example value of every path and query parameter, by location. */
export function parameterExamples(doc, entry) {
  const out = { path: {}, query: {}, header: {} };
  for (const p of entry.parameters) {
    if (!(p.in in out)) continue;
    const value = firstExample(doc, p);
    if (value === noExample) {
      if (p.in === 'path' || p.required) throw new Error(`${label(entry)}: parameter ${p.name} has no example`);
      continue;
    }
    out[p.in][p.name] = value;
  }
  return out;
}

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

export function label(entry) {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}
