// @ts-check
// Reading helpers over a bundled OpenAPI 3.1 document, shared by the docs, the mock, the tests and the sandbox:
// local $ref resolution, the operations with their merged parameters, their first examples, and routing a
// request path to its operation. Typed here with JSDoc (checked by `tsc`, openapi/tsconfig.json); walk.d.mts is
// generated from it by `node scripts/walk-types.mjs` and checked for drift by the package's tests.

/** A bundled OpenAPI document, as parsed JSON. @typedef {Record<string, any>} Document */
/** @typedef {'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace'} HttpMethod */
/**
 * A Parameter Object, dereferenced.
 * @typedef {{ name: string, in: 'path' | 'query' | 'header' | 'cookie', required?: boolean, schema?: any, [key: string]: unknown }} Parameter
 */
/**
 * One operation of a document: `path` as the document writes it (`/user_status/{cid}`); `operation` the Operation
 * Object itself (not a copy); `parameters` path-level and operation-level, dereferenced, the operation's winning on
 * the same name and location; `pointer` the JSON pointer of the Operation Object.
 * @typedef {{ method: HttpMethod, path: string, operationId: string | undefined, operation: any, parameters: Parameter[], pointer: string }} OperationEntry
 */
/** @typedef {{ found: true, value: unknown } | { found: false }} Example */
/** An operation matched, with its path parameters (base path variables included), percent-decoded. @typedef {{ entry: OperationEntry, params: Record<string, string> }} RouteMatch */
/**
 * The operation of a request (undefined when none has this method and path), and `methods(pathname)`: the methods
 * (upper case) whose operations match, the `Allow` of a 405 answer; empty for a 404.
 * @typedef {{ (method: string, pathname: string): RouteMatch | undefined, methods(pathname: string): string[] }} Router
 */

/** @type {readonly HttpMethod[]} */
export const methods = Object.freeze(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const unescape = (/** @type {string} */ segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (/** @type {string} */ segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The value at a local JSON pointer (`#/components/schemas/Result`), or undefined. Throws on a reference that is not local.
 * @param {Document} doc
 * @param {string} pointer
 * @returns {unknown}
 */
export function resolvePointer(doc, pointer) {
  if (pointer === '#' || pointer === '#/') return doc;
  if (!pointer.startsWith('#/')) throw new Error(`only local references are supported, got ${pointer}`);
  return pointer
    .slice(2)
    .split('/')
    .map(unescape)
    .reduce((/** @type {any} */ at, key) => (at == null ? undefined : at[key]), doc);
}

/**
 * Follows local `#/...` references until a node that is not a reference. Throws on a cycle or an unresolved reference.
 * @param {Document} doc
 * @param {unknown} start
 * @returns {any}
 */
export function deref(doc, start) {
  /** @type {any} */
  let node = start;
  const seen = new Set();
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`reference cycle at ${node.$ref}`);
    seen.add(node.$ref);
    const next = resolvePointer(doc, node.$ref);
    if (next === undefined) throw new Error(`unresolved reference ${node.$ref}`);
    node = next;
  }
  return node;
}

/**
 * Walks `segments` from the document root, following references on the way, and returns where the walk ends
 * (as a JSON pointer to the node itself, past any reference) with its value; undefined when a segment is missing.
 * @param {Document} doc
 * @param {string[]} segments
 * @returns {{ pointer: string, value: any } | undefined}
 */
export function locate(doc, segments) {
  /** @type {string[]} */
  let pointer = [];
  /** @type {any} */
  let value = doc;
  const follow = () => {
    const seen = new Set();
    while (value && typeof value === 'object' && typeof value.$ref === 'string' && !seen.has(value.$ref)) {
      seen.add(value.$ref);
      pointer = value.$ref.slice(2).split('/').map(unescape);
      value = resolvePointer(doc, value.$ref);
    }
  };
  for (const segment of segments) {
    follow();
    if (value === undefined || value === null || typeof value !== 'object' || !(segment in value)) return undefined;
    value = value[segment];
    pointer = [...pointer, segment];
  }
  follow();
  return { pointer: `#/${pointer.map(escape).join('/')}`, value };
}

/**
 * Operation-level parameters override path-level ones with the same name and location.
 * @param {Document} doc
 * @param {unknown[]} pathLevel
 * @param {unknown[]} operationLevel
 * @returns {Parameter[]}
 */
function mergeParameters(doc, pathLevel = [], operationLevel = []) {
  /** @type {Map<string, Parameter>} */
  const byKey = new Map();
  for (const raw of [...pathLevel, ...operationLevel]) {
    const parameter = deref(doc, raw);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/**
 * Every operation, in document order, with its parameters merged and dereferenced.
 * @param {Document} doc
 * @returns {OperationEntry[]}
 */
export function listOperations(doc) {
  /** @type {OperationEntry[]} */
  const out = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      out.push({
        method,
        path,
        operationId: operation.operationId,
        operation,
        parameters: mergeParameters(doc, item.parameters, operation.parameters),
        pointer: `#/paths/${escape(path)}/${method}`,
      });
    }
  }
  return out;
}

/**
 * `GET /user_status/{cid}`: how messages name an operation.
 * @param {Pick<OperationEntry, 'method' | 'path'>} entry
 * @returns {string}
 */
export function label(entry) {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

/**
 * The first example of a parameter or media type: `example`, else the first of `examples` (Example Objects),
 * else the schema's first `examples` item or its `example`.
 * @param {Document} doc
 * @param {unknown} given
 * @returns {Example}
 */
export function exampleOf(doc, given) {
  if (!given || typeof given !== 'object') return { found: false };
  /** @type {any} */
  const holder = given;
  if (holder.example !== undefined) return { found: true, value: holder.example };
  if (holder.examples && typeof holder.examples === 'object' && !Array.isArray(holder.examples)) {
    const first = Object.values(holder.examples)[0];
    if (first !== undefined) {
      const example = deref(doc, first);
      if (example.value !== undefined) return { found: true, value: example.value };
    }
  }
  const schema = holder.schema ? deref(doc, holder.schema) : undefined;
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  if (schema?.example !== undefined) return { found: true, value: schema.example };
  return { found: false };
}

/**
 * Every example value documented on a media type (a static mock answers one of them).
 * @param {Document} doc
 * @param {any} media
 * @returns {unknown[]}
 */
export function examplesOf(doc, media) {
  if (!media) return [];
  if (media.example !== undefined) return [media.example];
  return Object.values(media.examples ?? {}).map((e) => deref(doc, e).value);
}

/**
 * The JSON request body media type and its first example; undefined without a body; throws without an example.
 * @param {Document} doc
 * @param {OperationEntry} entry
 * @returns {{ mediaType: string, value: unknown } | undefined}
 */
export function requestExample(doc, entry) {
  if (!entry.operation.requestBody) return undefined;
  const body = deref(doc, entry.operation.requestBody);
  /** @type {[string, unknown] | []} */
  const found = Object.entries(body.content ?? {}).find(([type]) => /json/.test(type)) ?? [];
  const [mediaType, media] = found;
  if (!media || mediaType === undefined) throw new Error(`${label(entry)}: request body has no JSON media type`);
  const example = exampleOf(doc, media);
  if (!example.found) throw new Error(`${label(entry)}: request body has no example`);
  return { mediaType, value: example.value };
}

/**
 * The example value of every path, query and header parameter, by location. A path parameter, or a required
 * one, without an example is an error; an optional one is left out.
 * @param {Document} doc
 * @param {OperationEntry} entry
 * @returns {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }}
 */
export function parameterExamples(doc, entry) {
  /** @type {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }} */
  const out = { path: {}, query: {}, header: {} };
  for (const p of entry.parameters) {
    if (p.in === 'cookie') continue;
    const example = exampleOf(doc, p);
    if (!example.found) {
      if (p.in === 'path' || p.required) throw new Error(`${label(entry)}: parameter ${p.name} has no example`);
      continue;
    }
    out[p.in][p.name] = example.value;
  }
  return out;
}

/**
 * The path part of a server URL: `{base_url}/v1/{appid}` -> `/v1/{appid}`, `{dmp_url}` -> ``. A leading
 * variable or scheme://host is the origin a client replaces by its own.
 * @param {string} url
 * @returns {string}
 */
export function serverBasePath(url) {
  let rest = url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rest)) rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  else if (rest.startsWith('{')) rest = rest.replace(/^\{[^}]+\}/, '');
  return rest.replace(/\/+$/, '');
}

const templatePattern = (/** @type {string} */ template) =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

/**
 * A router over the document's operations: `(method, pathname)` -> the operation and its path parameters
 * (percent-decoded), or undefined. Paths are matched under `basePath` (default: the base path of the first
 * server, such as `/v1/{appid}`, whose variables become parameters too). Paths without variables win over
 * templated ones, as OpenAPI asks.
 * @param {Document} doc
 * @param {{ basePath?: string }} [options]
 * @returns {Router}
 */
export function createRouter(doc, options = {}) {
  const basePath = options.basePath ?? serverBasePath(doc.servers?.[0]?.url ?? '');
  const routes = listOperations(doc)
    .map((entry) => {
      const template = basePath + entry.path;
      return {
        entry,
        pattern: templatePattern(template),
        names: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        variables: (entry.path.match(/\{/g) ?? []).length,
      };
    })
    .sort((a, b) => a.variables - b.variables);
  /** @type {Router} */
  const route = (method, pathname) => {
    const lower = method.toLowerCase();
    for (const r of routes) {
      if (r.entry.method !== lower) continue;
      const match = r.pattern.exec(pathname);
      if (!match) continue;
      try {
        const params = Object.fromEntries(r.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
        return { entry: r.entry, params };
      } catch {
        return undefined; // malformed percent-encoding: no operation takes it
      }
    }
    return undefined;
  };
  route.methods = (pathname) => [
    ...new Set(routes.filter((r) => r.pattern.test(pathname)).map((r) => r.entry.method.toUpperCase())),
  ];
  return route;
}
