// Tool input schemas taken from the documents: a control operation's parameters and request body (the sandbox
// document), and the list of push v1 operations (the push v1 document). Nothing here writes a schema by hand
// beyond the object that holds the document's pieces.
import {
  deref,
  listOperations,
  parameterExamples,
  requestExample,
  type Document,
  type OperationEntry,
  type Parameter,
} from '@pushapi/openapi/walk';

export type JsonSchema = Record<string, unknown>;

/**
 * A schema of the document with every local `$ref` replaced by what it points to, so that a tool's inputSchema
 * stands alone. A reference met again inside itself (a recursive schema) becomes an open schema there.
 */
export function inlineSchema(doc: Document, node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineSchema(doc, item, seen));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    if (seen.includes(record.$ref)) return {};
    const { $ref, ...siblings } = record;
    const target = inlineSchema(doc, deref(doc, { $ref }), [...seen, $ref]) as JsonSchema;
    return Object.keys(siblings).length === 0
      ? target
      : { ...target, ...(inlineSchema(doc, siblings, seen) as JsonSchema) };
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inlineSchema(doc, value, seen)]));
}

/** One operation of a document by its operationId; throws naming the document when there is none. */
export function operationNamed(doc: Document, operationId: string): OperationEntry {
  const entry = listOperations(doc).find((e) => e.operationId === operationId);
  if (!entry) throw new Error(`the document "${String(doc.info?.title)}" has no operation ${operationId}`);
  return entry;
}

/** The JSON request body schema of an operation, inlined; undefined without one. */
export function bodySchema(doc: Document, entry: OperationEntry): JsonSchema | undefined {
  if (!entry.operation.requestBody) return undefined;
  const body = deref(doc, entry.operation.requestBody) as { content?: Record<string, { schema?: unknown }> };
  const schema = body.content?.['application/json']?.schema;
  return schema === undefined ? undefined : (inlineSchema(doc, schema) as JsonSchema);
}

/** A parameter as a property of a tool's input: its schema, with the parameter's description; a path's part is never empty. */
const parameterProperty = (doc: Document, p: Parameter): JsonSchema => {
  const schema = inlineSchema(doc, p.schema ?? {}) as JsonSchema;
  return {
    ...schema,
    ...(p.in === 'path' && schema.minLength === undefined && schema.pattern === undefined ? { minLength: 1 } : {}),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
  };
};

/** A body that can be spread beside the parameters: a plain object schema, without combinators. */
const isPlainObject = (schema: JsonSchema) =>
  schema.type === 'object' &&
  typeof schema.properties === 'object' &&
  !('allOf' in schema || 'oneOf' in schema || 'anyOf' in schema);

export interface ControlInput {
  entry: OperationEntry;
  /** The tool's inputSchema. */
  schema: JsonSchema;
  /** A valid input: the document's examples of the parameters and the body. */
  example: Record<string, unknown>;
  /** Splits a tool's arguments into the request's path, query and body. */
  split(args: Record<string, unknown>): { path: Record<string, string>; query: Record<string, unknown>; body: unknown };
}

/**
 * The input of a tool that calls one control operation: its path parameters, the query parameters named in
 * `query`, and its body: spread beside them when it is a plain object, else under `bodyKey`.
 */
export function controlInput(
  doc: Document,
  operationId: string,
  options: { query?: string[]; bodyKey?: string } = {},
): ControlInput {
  const entry = operationNamed(doc, operationId);
  const pathParams = entry.parameters.filter((p) => p.in === 'path');
  const queryParams = entry.parameters.filter((p) => p.in === 'query' && options.query?.includes(p.name));
  const body = bodySchema(doc, entry);
  const spread = body !== undefined && isPlainObject(body);
  const bodyKey = options.bodyKey ?? 'body';
  const properties: Record<string, unknown> = {};
  for (const p of [...pathParams, ...queryParams]) properties[p.name] = parameterProperty(doc, p);
  const required = [...pathParams.map((p) => p.name)];
  if (body && spread) {
    Object.assign(properties, body.properties);
    required.push(...((body.required as string[] | undefined) ?? []));
  } else if (body) {
    properties[bodyKey] = body;
    if ((deref(doc, entry.operation.requestBody) as { required?: boolean }).required) required.push(bodyKey);
  }
  const schema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
  const paramNames = new Set([...pathParams, ...queryParams].map((p) => p.name));
  const examples = parameterExamples(doc, entry);
  const bodyExample = body ? requestExample(doc, entry)?.value : undefined;
  const example: Record<string, unknown> = {
    ...examples.path,
    ...Object.fromEntries(Object.entries(examples.query).filter(([name]) => paramNames.has(name))),
    ...(bodyExample === undefined
      ? {}
      : spread
        ? (bodyExample as Record<string, unknown>)
        : { [bodyKey]: bodyExample }),
  };
  return {
    entry,
    schema,
    example,
    split(args) {
      const path = Object.fromEntries(pathParams.map((p) => [p.name, String(args[p.name] ?? '')]));
      const query = Object.fromEntries(
        queryParams.filter((p) => args[p.name] !== undefined).map((p) => [p.name, args[p.name]]),
      );
      const rest = Object.fromEntries(Object.entries(args).filter(([key]) => !paramNames.has(key)));
      return { path, query, body: !body ? undefined : spread ? rest : args[bodyKey] };
    },
  };
}
