// The places of an operation's request and answers, read from its document once (on its first call), as api-diff
// writes them: `request.body.message.msgtype`, `request.query.appid`, `response.200.body.cid_details.*`, `[]` for an
// array's items. The usage ledger (usage.ts) walks a call's body along this tree: only the places the document names
// are counted, and a value only when it is one of the place's documented `enum`/`const` values, so nothing a caller
// chose (message content, identifiers, credentials) can reach a ledger.
import { SERVED, type OperationSpec } from '../start/documents.js';
import type { Schema, SchemaSet } from '../validation/schemas.js';
import { must } from '../shared/must.js';

export interface ShapeNode {
  where: string;
  /** Named properties (of every variant: a call's data does not say which variant it met). */
  props: Map<string, ShapeNode> | undefined;
  /** `additionalProperties` with a schema: a map's entries, written `.*`. */
  rest: ShapeNode | undefined;
  items: ShapeNode | undefined;
  /** `prefixItems`: tuple positions, written `[0]`. */
  tuple: ShapeNode[] | undefined;
  /** The documented values (every `enum` and `const` met), when there are any. */
  values: ReadonlySet<unknown> | undefined;
}

export interface OperationShape {
  params: { where: string; name: string; in: string; node: ShapeNode }[];
  body: ShapeNode | undefined;
  /** By status as the document names it (`200`, `422`, `default`): the answer body's tree. */
  responses: Map<string, ShapeNode>;
}

/** Deeper than any schema of the documents; stops a recursive schema from recursing for ever. */
const MAX_DEPTH = 16;

const shapes = new WeakMap<OperationSpec, OperationShape>();

/** The operation's tree, made on its first call and kept for the process's life. */
export function operationShape(schemas: SchemaSet, op: OperationSpec): OperationShape {
  let shape = shapes.get(op);
  if (!shape) shapes.set(op, (shape = buildShape(schemas, op)));
  return shape;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function buildShape(schemas: SchemaSet, op: OperationSpec): OperationShape {
  const { document } = must(
    SERVED.find((s) => s.api === op.api),
    `operation ${op.operationId} belongs to a served document (${op.api})`,
  );
  const at = (ref: string) => resolveRef(schemas, document, { $ref: ref.slice(ref.indexOf('#')) });
  const params = op.parameters.map((p) => {
    const where = `request.${p.in}.${p.name}`;
    return { where, name: p.name, in: p.in, node: build(schemas, document, [at(p.ref)], where, 0) };
  });
  const body = op.body && build(schemas, document, [at(op.body.ref)], 'request.body', 0);
  const responses = new Map<string, ShapeNode>();
  const pointer = `${document}#/paths/${escape(op.template)}/${op.method.toLowerCase()}/responses`;
  for (const [status, raw] of Object.entries(schemas.node(pointer) as Record<string, Schema>)) {
    const response = resolveRef(schemas, document, raw);
    const content = (response.content ?? {}) as Record<string, { schema?: Schema }>;
    const bodies = Object.values(content).flatMap((media) => (media.schema ? [media.schema] : []));
    if (bodies.length > 0) responses.set(status, build(schemas, document, bodies, `response.${status}.body`, 0));
  }
  return { params, body, responses };
}

function resolveRef(schemas: SchemaSet, document: string, node: Schema): Schema {
  let current = node;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_DEPTH; hops++)
    current = schemas.node(`${document}${current.$ref}`);
  return current;
}

/** The schema and every schema it is made of (`$ref`, `allOf`, `oneOf`, `anyOf`, `then`/`else`). */
function flatten(schemas: SchemaSet, document: string, node: unknown, out: Schema[], depth: number): Schema[] {
  if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return out;
  const schema = node as Schema;
  if (typeof schema.$ref === 'string')
    flatten(schemas, document, resolveRef(schemas, document, schema), out, depth + 1);
  out.push(schema);
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    for (const part of (schema[key] as unknown[] | undefined) ?? []) flatten(schemas, document, part, out, depth + 1);
  for (const key of ['then', 'else']) flatten(schemas, document, schema[key], out, depth + 1);
  return out;
}

function build(schemas: SchemaSet, document: string, from: unknown[], where: string, depth: number): ShapeNode {
  const flat = from.flatMap((s) => flatten(schemas, document, s, [], 0));
  const node: ShapeNode = {
    where,
    props: undefined,
    rest: undefined,
    items: undefined,
    tuple: undefined,
    values: undefined,
  };
  if (depth > MAX_DEPTH) return node;
  const values = flat.flatMap((s) => [
    ...((s.enum as unknown[] | undefined) ?? []),
    ...('const' in s ? [s.const] : []),
  ]);
  if (values.length > 0) node.values = new Set(values.filter((v) => typeof v !== 'object' || v === null));
  const props = new Map<string, unknown[]>();
  for (const s of flat)
    for (const [name, sub] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {}))
      props.set(name, [...(props.get(name) ?? []), sub]);
  if (props.size > 0)
    node.props = new Map(
      [...props].map(([name, subs]) => [name, build(schemas, document, subs, `${where}.${name}`, depth + 1)]),
    );
  const rest = flat.flatMap((s) => (typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []));
  if (rest.length > 0) node.rest = build(schemas, document, rest, `${where}.*`, depth + 1);
  const items = flat.flatMap((s) => (typeof s.items === 'object' ? [s.items] : []));
  if (items.length > 0) node.items = build(schemas, document, items, `${where}[]`, depth + 1);
  const tuple = flat.find((s) => Array.isArray(s.prefixItems))?.prefixItems as unknown[] | undefined;
  if (tuple) node.tuple = tuple.map((sub, i) => build(schemas, document, [sub], `${where}[${i}]`, depth + 1));
  return node;
}
