// fast-check arbitraries generated from the JSON Schemas of a bundled OpenAPI document, for the fuzz test.
// It follows the keywords the documents use ($ref, allOf, oneOf, anyOf, const, enum, type, properties, required,
// items, maxItems, pattern, minLength/maxLength, minimum/maximum, format, examples) and aims at values the
// documents accept; `not` and `if/then` are not solved, so some values break them, and the server's verdict
// (checked against an independent validator) says which. Named properties may be drawn from pools instead
// (cids the app has, task ids it knows), so that generated requests reach behaviour, not only "unknown": a pool
// is named by the property or parameter (`cid`) or by the referenced schema (`$ref:Cid`, for array items too).
import fc from 'fast-check';

type Schema = Record<string, any>;
export type Document = Record<string, any>;
export type Pools = Record<string, fc.Arbitrary<unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(doc: Document, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local references are followed, got ${ref}`);
  let node: any = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`unresolved reference ${ref}`);
  return node as Schema;
}

/** Deep merge of the objects the branches of an allOf generate (nested objects such as `message` merge too). */
function merge(parts: unknown[]): unknown {
  const objects = parts.filter(isObject);
  if (objects.length === 0) return parts[parts.length - 1];
  const out: Record<string, unknown> = {};
  for (const part of objects) {
    for (const [key, value] of Object.entries(part))
      out[key] = key in out && isObject(out[key]) && isObject(value) ? merge([out[key], value]) : value;
  }
  return out;
}

/** Short text: mostly letters and digits, sometimes any character (UTF-8 of every plane, quotes, slashes). */
const text = (maxLength = 16) =>
  fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength }), weight: 1 },
  );

export class SchemaArbitraries {
  readonly #cache = new Map<Schema, fc.Arbitrary<unknown>>();

  constructor(
    private readonly doc: Document,
    private readonly pools: Pools = {},
  ) {}

  /** Values for the schema at a local pointer such as `#/components/schemas/PushSingleRequest`. */
  at(pointer: string): fc.Arbitrary<unknown> {
    return this.of(resolve(this.doc, pointer));
  }

  of(schema: Schema | boolean, name?: string): fc.Arbitrary<unknown> {
    if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
    if (schema === false) return fc.constant(null);
    // A named pool stands for one value: an array of such values (push_list `cid`) keeps its items' schema.
    if (name !== undefined && this.pools[name] && this.#typeOf(schema) !== 'array') return this.pools[name]!;
    const cached = this.#cache.get(schema);
    if (cached) return cached;
    const arbitrary = this.#build(schema);
    this.#cache.set(schema, arbitrary);
    return arbitrary;
  }

  #typeOf(schema: Schema): unknown {
    let node = schema;
    for (let i = 0; i < 16 && typeof node.$ref === 'string'; i++) node = resolve(this.doc, node.$ref);
    return node.type;
  }

  #build(schema: Schema): fc.Arbitrary<unknown> {
    if (typeof schema.$ref === 'string') {
      const pool = this.pools[`$ref:${schema.$ref.split('/').pop()}`];
      return pool ?? this.of(resolve(this.doc, schema.$ref));
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      const branches = (schema.oneOf ?? schema.anyOf) as Schema[];
      const own = this.#typed({ ...schema, oneOf: undefined, anyOf: undefined });
      return fc
        .oneof(...branches.map((b) => this.of(b)))
        .chain((value) => (own ? own.map((o) => merge([o, value])) : fc.constant(value)));
    }
    if (Array.isArray(schema.allOf)) {
      const parts = (schema.allOf as Schema[]).map((s) => this.of(s));
      const own = this.#typed({ ...schema, allOf: undefined });
      return fc.tuple(...(own ? [own, ...parts] : parts)).map(merge);
    }
    return this.#typed(schema) ?? fc.jsonValue({ maxDepth: 2 });
  }

  /** The schema's own type keywords; undefined when it states no type and no properties. */
  #typed(schema: Schema): fc.Arbitrary<unknown> | undefined {
    const types: string[] = Array.isArray(schema.type)
      ? schema.type
      : typeof schema.type === 'string'
        ? [schema.type]
        : isObject(schema.properties)
          ? ['object']
          : [];
    if (types.length === 0) return undefined;
    return fc.oneof(...types.map((type) => this.#ofType(schema, type)));
  }

  #ofType(schema: Schema, type: string): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000_000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
      case 'string':
        return this.#string(schema);
      case 'array': {
        const items = isObject(schema.items) ? this.of(schema.items) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { maxLength: Math.min(schema.maxItems ?? 4, 4), minLength: schema.minItems ?? 0 });
      }
      case 'object':
        return this.#object(schema);
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  #string(schema: Schema): fc.Arbitrary<string> {
    const examples = Array.isArray(schema.examples)
      ? schema.examples.filter((e): e is string => typeof e === 'string')
      : [];
    let generated: fc.Arbitrary<string>;
    if (typeof schema.pattern === 'string') generated = fc.stringMatching(new RegExp(schema.pattern));
    else if (schema.format === 'date-time')
      generated = fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    else {
      const min = schema.minLength ?? 0;
      generated = fc.string({
        unit: 'grapheme-ascii',
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxLength ?? 16, 16)),
      });
    }
    if (
      schema.pattern === undefined &&
      schema.format === undefined &&
      schema.minLength === undefined &&
      schema.maxLength === undefined
    ) {
      generated = fc.oneof({ arbitrary: generated, weight: 3 }, { arbitrary: text(), weight: 1 });
    }
    return examples.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 1 }, { arbitrary: generated, weight: 3 })
      : generated;
  }

  #object(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
    const properties = isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
    const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(properties)) model[key] = this.of(sub, key);
    // A required name with no schema of its own here (given by another allOf branch) is generated loosely.
    for (const key of required) model[key] ??= this.pools[key] ?? fc.jsonValue({ maxDepth: 1 });
    const record = fc.record(model, { requiredKeys: [...required], noNullPrototype: true });
    if (!isObject(schema.additionalProperties)) return record;
    // A map (onlineStatics, per-cid details): a few entries of its value schema.
    const value = this.of(schema.additionalProperties);
    return fc
      .tuple(
        record,
        fc.dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), value, {
          maxKeys: 3,
          noNullPrototype: true,
        }),
      )
      .map(([r, d]) => ({ ...d, ...r }));
  }
}
