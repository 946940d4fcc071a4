// What generate.mjs adds to openapi-typescript for a client package:
// - typingDocument(): the bundle as openapi-typescript should type it (the public bundle is not changed);
// - callsSource(): one documented call signature per operation, so that hovering a call shows its summary.
import { deref, listOperations, resolvePointer } from '../openapi/lib/walk.mjs';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
const STRUCTURE = [
  'properties',
  'items',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  '$ref',
  'patternProperties',
  'additionalProperties',
];

/** A component schema that is one scalar field (`IsRing: { type: boolean, ... }`), worth inlining. */
function isScalarField(schema) {
  return (
    !!schema && typeof schema === 'object' && SCALAR_TYPES.has(schema.type) && !STRUCTURE.some((key) => key in schema)
  );
}

/** The names a `not` forbids: `not: { required: [a] }` or `not: { anyOf: [{ required: [a] }, ...] }`; else none. */
function forbiddenNames(not) {
  if (!not || typeof not !== 'object') return [];
  if (Array.isArray(not.required) && !not.anyOf && !not.oneOf && !not.properties) return not.required;
  if (
    Array.isArray(not.anyOf) &&
    !not.required &&
    not.anyOf.every(
      (s) => Array.isArray(s?.required) && Object.keys(s).every((k) => k === 'required' || k === 'description'),
    )
  ) {
    return not.anyOf.flatMap((s) => s.required);
  }
  return [];
}

/**
 * A copy of the bundle for openapi-typescript, with two rewrites that keep its meaning:
 * 1. A reference to a component schema that is a single scalar field is replaced by that schema, so a property
 *    reads `boolean` (with its description) instead of `components["schemas"]["IsRing"]`.
 * 2. Properties that an object schema's `not` forbids (`not: { required: [alias] }`: "carries no alias") are
 *    declared `false`, which openapi-typescript types `alias?: never`: TypeScript then refuses what the schema
 *    refuses (two templates in one request, cid and alias together), which it cannot see through `not`.
 */
export function typingDocument(bundle) {
  const doc = structuredClone(bundle);
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/')) {
      const target = resolvePointer(bundle, node.$ref);
      if (isScalarField(target)) {
        const { $ref: _ref, ...siblings } = node;
        return { ...structuredClone(target), ...visit(siblings) };
      }
    }
    const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    const forbidden = forbiddenNames(out.not).filter((name) => !(name in (out.properties ?? {})));
    if (forbidden.length)
      out.properties = { ...out.properties, ...Object.fromEntries(forbidden.map((name) => [name, false])) };
    return out;
  };
  return visit(doc);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Whether a call must pass an init: a required body or a required parameter. Written into each signature, so that
 * TypeScript can skip the signatures of other paths without working out their argument types.
 */
function initRequired(bundle, op) {
  const body = op.operation.requestBody && deref(bundle, op.operation.requestBody);
  return (
    body?.required === true || op.parameters.some((p) => p.required === true && p.in !== 'header' && p.in !== 'cookie')
  );
}

/**
 * The `@deprecated` tag of a deprecated operation, naming its replacement (the document's `info.x-replaced-by`):
 * an editor strikes a call through when the signature it resolves to carries the tag.
 */
function deprecatedTag(bundle) {
  const replacement = bundle.info?.['x-replaced-by'];
  return `@deprecated The service marks this operation deprecated${replacement ? `; use the ${replacement} instead (push v1 is no longer maintained)` : ''}.`;
}

/** JSDoc lines of an operation: its summary, then the first paragraph of its description, then `@deprecated`. */
function docLines(bundle, operation) {
  const paragraph =
    String(operation.description ?? '')
      .trim()
      .split(/\n\s*\n/)[0] ?? '';
  const lines = [operation.summary ?? operation.operationId, ...(paragraph ? ['', ...paragraph.split('\n')] : [])];
  if (operation.deprecated) lines.push('', deprecatedTag(bundle));
  return lines.map((line) => line.replaceAll('*/', '*\\/').trimEnd());
}

/**
 * src/generated/calls.ts: per HTTP method, an interface with one call signature per operation, documented with
 * the operation's summary (what an editor shows when hovering the call), and last a generic signature for any
 * path of that method, against which TypeScript reports a wrong call. The argument and answer types come from
 * the client's src/call-types.ts (`Path`, `Args`, `Data`), which builds them on openapi-fetch's helper types.
 */
export function callsSource(bundle, header) {
  const operations = listOperations(bundle);
  const blocks = [];
  for (const method of METHODS) {
    const ops = operations.filter((op) => op.method === method);
    if (!ops.length) continue;
    const M = method.toUpperCase();
    const name = `${M[0]}${method.slice(1)}Calls`;
    const path = (op) => `'${op.path}'`;
    blocks.push(
      [
        `/** The ${M} operations: \`client.${M}(path, init)\` resolves with the answer's JSON, or throws a typed error. */`,
        `export interface ${name} {`,
        ...ops.flatMap((op) => [
          '  /**',
          ...docLines(bundle, op.operation).map((line) => (line ? `   * ${line}` : '   *')),
          '   */',
          `  (path: ${path(op)}, init${initRequired(bundle, op) ? '' : '?'}: Init<${path(op)}, '${method}'>): Promise<Data<${path(op)}, '${method}'>>;`,
        ]),
        ops.every((op) => op.operation.deprecated)
          ? `  /**\n   * Any ${M} operation of the document.\n   *\n   * ${deprecatedTag(bundle)}\n   */`
          : `  /** Any ${M} operation of the document. */`,
        `  <P extends Path<'${method}'>>(path: P, ...init: Args<P, '${method}'>): Promise<Data<P, '${method}'>>;`,
        '}',
      ].join('\n'),
    );
  }
  return `${header}import type { Args, Data, Init, Path } from '../call-types.js';\n\n${blocks.join('\n\n')}\n`;
}
