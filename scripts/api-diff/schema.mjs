// Compares two JSON Schemas (2020-12, as OpenAPI 3.1 bundles write them) from the consumer's side.
// `side` says who writes the value: 'request' (the client writes it: a narrowing breaks old code) or
// 'response' (the client reads it: a widening breaks old code). Each finding is reported through `report`.
import { isDeepStrictEqual } from 'node:util';
import { intersect, patternList } from './intersect.mjs';

/** Keys that say nothing a client's code depends on: they never count as a change. */
const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'examples',
  'example',
  'default',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'discriminator',
  'xml',
]);
const isAnnotation = (key) => ANNOTATIONS.has(key) || key.startsWith('x-');

/** Bounds: for each, which direction narrows what is valid. */
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
/** Constraints compared as opaque values: added or changed narrows, removed widens. */
const RULES = [
  'format',
  'contains',
  'multipleOf',
  'uniqueItems',
  'if',
  'then',
  'else',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'propertyNames',
  'patternProperties',
];

const show = (value) => JSON.stringify(value);
/** `maxLength` -> `max-length`: keyword names as they appear in check ids. */
const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The schema behind a local `$ref` (bundles hold only `#/...` refs); sibling keys of the ref are kept. */
export function resolve(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object' || typeof schema.$ref !== 'string') return schema;
  if (seen.has(schema.$ref)) return {};
  seen.add(schema.$ref);
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (target === undefined) throw new Error(`unresolved $ref ${schema.$ref}`);
  const { $ref, ...rest } = schema;
  return resolve(doc, Object.keys(rest).length ? { ...target, ...rest } : target, seen);
}

/** A schema with every `$ref` inlined and every annotation dropped: for comparing rules as values. */
export function plain(doc, schema, depth = 0) {
  if (depth > 40) return {};
  if (Array.isArray(schema)) return schema.map((s) => plain(doc, s, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const resolved = resolve(doc, schema);
  const out = Object.fromEntries(
    Object.entries(resolved)
      .filter(([key]) => !isAnnotation(key) && key !== 'const' && key !== 'enum')
      .map(([key, value]) => [key, MAPS.has(key) ? plainMap(doc, value, depth) : plain(doc, value, depth + 1)]),
  );
  // `const: 0` and `enum: [0]` (or both) allow the same values: one canonical form.
  const values = valueSet(resolved);
  if (values) out.enum = values;
  return out;
}

/** Keys whose value maps names to schemas: the names are data (a field may be called `title`), never annotations. */
const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
const plainMap = (doc, map, depth) =>
  Object.fromEntries(Object.entries(map ?? {}).map(([name, s]) => [name, plain(doc, s, depth + 1)]));

/**
 * allOf parts and the keys beside a `$ref` intersected into one view (intersect.mjs), so that a keyword met through
 * any part counts; annotations beside a `$ref` (a description) stay annotations.
 */
function flatten(doc, schema) {
  if (schema && typeof schema === 'object' && typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const rules = Object.keys(siblings).some((key) => !isAnnotation(key));
    if (rules) return flatten(doc, { allOf: [{ $ref }, siblings] });
  }
  const s = resolve(doc, schema) ?? {};
  if (!Array.isArray(s.allOf)) return s;
  const { allOf, ...own } = s;
  return intersect([own, ...allOf.map((p) => flatten(doc, p))]);
}

/** The values a schema allows when it lists them (`const`, `enum`, or both), else undefined. */
function valueSet(s) {
  const sets = [];
  if ('const' in s) sets.push([s.const]);
  if (Array.isArray(s.enum)) sets.push(s.enum);
  if (!sets.length) return undefined;
  return sets.reduce((a, b) => a.filter((v) => b.some((w) => isDeepStrictEqual(v, w))));
}

function typeSet(s) {
  if (s.type === undefined) return undefined;
  return Array.isArray(s.type) ? s.type : [s.type];
}
/** Whether `type` is admitted by the set (an integer is a number). */
const admits = (types, type) => types.includes(type) || (type === 'integer' && types.includes('number'));

/**
 * @typedef {{ where: string, change: string, class: 'breaking'|'non-breaking'|'breaking-for-exhaustive-clients', migration?: string }} Finding
 * @param {object} ctx  { before, after: the two documents, side: 'request'|'response', report(finding), seen: Set }
 */
export function compareSchema(ctx, where, beforeSchema, afterSchema) {
  const key = `${where}\0${show(beforeSchema)}\0${show(afterSchema)}`;
  if (ctx.seen.has(key) || where.split('.').length > 30) return;
  ctx.seen.add(key);
  const b = flatten(ctx.before, beforeSchema);
  const a = flatten(ctx.after, afterSchema);
  if (Boolean(b.oneOf ?? b.anyOf) !== Boolean(a.oneOf ?? a.anyOf)) return compareWithShapes(ctx, where, b, a);
  compareTypes(ctx, where, b, a);
  compareValues(ctx, where, b, a);
  compareBounds(ctx, where, b, a);
  compareRules(ctx, where, b, a);
  compareProperties(ctx, where, b, a);
  compareVariants(ctx, where, b, a, 'oneOf');
  compareVariants(ctx, where, b, a, 'anyOf');
  if (b.items || a.items) compareSchema(ctx, `${where}[]`, b.items ?? {}, a.items ?? {});
  comparePrefixItems(ctx, where, b, a);
  compareDefault(ctx, where, b, a);
  compareAdditional(ctx, where, b, a, 'additionalProperties');
  compareAdditional(ctx, where, b, a, 'unevaluatedProperties');
}

/** The class of a narrowing (true) or widening (false) of what is valid, by side. */
function narrowed(ctx, isNarrowing) {
  if (ctx.side === 'request') return isNarrowing ? 'breaking' : 'non-breaking';
  return isNarrowing ? 'non-breaking' : 'breaking';
}

function compareTypes(ctx, where, b, a) {
  const before = typeSet(b);
  const after = typeSet(a);
  if (isDeepStrictEqual(before, after)) return;
  if (!before || !after) {
    const isNarrowing = !before;
    ctx.report({
      where,
      check: before ? 'type-dropped' : 'type-stated',
      change: `type ${before ? `${before.join('|')} no longer stated (any type)` : `now ${after.join('|')}`}`,
      class: narrowed(ctx, isNarrowing),
      migration: `the value's type is now ${after ? after.join(' or ') : 'any'}`,
    });
    return;
  }
  const lost = before.filter((t) => !admits(after, t));
  const gained = after.filter((t) => !admits(before, t));
  if (!lost.length && !gained.length) return;
  const cls =
    ctx.side === 'request' ? (lost.length ? 'breaking' : 'non-breaking') : gained.length ? 'breaking' : 'non-breaking';
  ctx.report({
    where,
    check: lost.length && gained.length ? 'type-changed' : lost.length ? 'type-narrowed' : 'type-widened',
    change: `type ${before.join('|')} -> ${after.join('|')}`,
    class: cls,
    migration: `${ctx.side === 'request' ? 'send' : 'read'} it as ${after.join(' or ')}`,
  });
}

function compareValues(ctx, where, b, a) {
  const before = valueSet(b);
  const after = valueSet(a);
  if (!before && !after) return;
  if (!before || !after) {
    const isNarrowing = !before;
    const change = before
      ? `list of values ${show(before)} removed (any value)`
      : `values now limited to ${show(after)}`;
    const cls =
      ctx.side === 'response' && !isNarrowing ? 'breaking-for-exhaustive-clients' : narrowed(ctx, isNarrowing);
    ctx.report({
      where,
      check: before ? 'values-opened' : 'values-limited',
      change,
      class: cls,
      migration: before
        ? 'handle values outside the old list (a default branch)'
        : `${ctx.side === 'request' ? 'send only' : 'expect'} ${show(after)}`,
    });
    return;
  }
  const removed = before.filter((v) => !after.some((w) => isDeepStrictEqual(v, w)));
  const added = after.filter((v) => !before.some((w) => isDeepStrictEqual(v, w)));
  for (const value of removed) {
    ctx.report({
      where,
      check: 'value-removed',
      change: `value ${show(value)} removed`,
      class: narrowed(ctx, true),
      migration: `stop sending ${show(value)}`,
    });
  }
  for (const value of added) {
    const cls = ctx.side === 'response' ? 'breaking-for-exhaustive-clients' : 'non-breaking';
    ctx.report({
      where,
      check: 'value-added',
      change: `value ${show(value)} added`,
      class: cls,
      migration: `handle ${show(value)} (a switch over the generated union needs a case or a default)`,
    });
  }
}

function compareBounds(ctx, where, b, a) {
  for (const [keys, tighter] of [
    [UPPER, (x, y) => y < x],
    [LOWER, (x, y) => y > x],
  ]) {
    for (const key of keys) {
      if (b[key] === a[key]) continue;
      const isNarrowing = b[key] === undefined || (a[key] !== undefined && tighter(b[key], a[key]));
      const change =
        b[key] === undefined
          ? `${key} ${a[key]} added`
          : a[key] === undefined
            ? `${key} ${b[key]} removed`
            : `${key} ${b[key]} -> ${a[key]}`;
      ctx.report({
        where,
        check: `${kebab(key)}-${isNarrowing ? 'narrowed' : 'widened'}`,
        change,
        class: narrowed(ctx, isNarrowing),
        migration: `respect ${key} ${a[key] ?? 'none'}`,
      });
    }
  }
}

/**
 * Patterns as sets (allOf parts may hold several): a pattern added narrows, one removed widens; one replaced by
 * another cannot be judged from the documents (`^[0-9a-f]+$` -> `^[0-9a-fA-F]+$` widens, the reverse narrows), so it
 * is a finding to review.
 */
function comparePatterns(ctx, where, b, a) {
  const before = patternList(b.pattern);
  const after = patternList(a.pattern);
  const added = after.filter((p) => !before.includes(p));
  const removed = before.filter((p) => !after.includes(p));
  if (!added.length && !removed.length) return;
  const change = `pattern ${before.length ? `${show(before.length === 1 ? before[0] : before)} ` : ''}-> ${after.length ? show(after.length === 1 ? after[0] : after) : 'none'}`;
  const verb = added.length && removed.length ? 'changed' : added.length ? 'added' : 'removed';
  const cls = verb === 'changed' ? 'review' : narrowed(ctx, verb === 'added');
  ctx.report({
    where,
    check: `pattern-${verb}`,
    change,
    class: cls,
    migration: `check values against the pattern ${show(after)}`,
  });
}

/**
 * A request default moved changes what the server does for every client that leaves the field out (is_ring true ->
 * false: silent notifications), which the documents cannot weigh: a finding to review. Answer defaults say nothing.
 */
function compareDefault(ctx, where, b, a) {
  if (ctx.side !== 'request' || isDeepStrictEqual(b.default, a.default)) return;
  if (b.default === undefined && a.default === undefined) return;
  ctx.report({
    where,
    check: 'default-changed',
    change: `default ${b.default === undefined ? 'none' : show(b.default)} -> ${a.default === undefined ? 'none' : show(a.default)}`,
    class: 'review',
    migration: `send the field explicitly if you relied on ${b.default === undefined ? 'no default' : show(b.default)}`,
  });
}

/** Tuple positions (`prefixItems`) compared one by one, as `[0]`, `[1]`... */
function comparePrefixItems(ctx, where, b, a) {
  const n = Math.max(b.prefixItems?.length ?? 0, a.prefixItems?.length ?? 0);
  for (let i = 0; i < n; i++) compareSchema(ctx, `${where}[${i}]`, b.prefixItems?.[i] ?? {}, a.prefixItems?.[i] ?? {});
}

function compareRules(ctx, where, b, a) {
  comparePatterns(ctx, where, b, a);
  for (const key of RULES) {
    const before = plain(ctx.before, b[key]);
    const after = plain(ctx.after, a[key]);
    if (isDeepStrictEqual(before, after)) continue;
    // Added or changed narrows a request (a widening cannot be proven); removed or changed widens an answer.
    const cls =
      ctx.side === 'request'
        ? after !== undefined
          ? 'breaking'
          : 'non-breaking'
        : before === undefined
          ? 'non-breaking'
          : 'breaking';
    const what =
      key === 'format'
        ? `${key} ${before === undefined ? '' : `${show(before)} `}-> ${after === undefined ? 'none' : show(after)}`
        : `rule \`${key}\` ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}`;
    const verb = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    ctx.report({
      where,
      check: `${kebab(key)}-${verb}`,
      change: what,
      class: cls,
      migration: `check values against the new ${key}`,
    });
  }
}

function compareProperties(ctx, where, b, a) {
  const before = b.properties ?? {};
  const after = a.properties ?? {};
  const reqBefore = new Set(b.required ?? []);
  const reqAfter = new Set(a.required ?? []);
  const request = ctx.side === 'request';
  for (const name of Object.keys(before)) {
    const at = `${where}.${name}`;
    if (!(name in after)) {
      ctx.report({
        where: at,
        check: 'property-removed',
        change: 'field removed',
        class: 'breaking',
        migration: request ? `stop sending \`${name}\`` : `stop reading \`${name}\``,
      });
      continue;
    }
    if (reqBefore.has(name) && !reqAfter.has(name)) {
      ctx.report({
        where: at,
        check: 'property-became-optional',
        change: 'field made optional',
        class: request ? 'non-breaking' : 'breaking',
        migration: `handle an answer without \`${name}\``,
      });
    } else if (!reqBefore.has(name) && reqAfter.has(name)) {
      ctx.report({
        where: at,
        check: 'property-became-required',
        change: 'field made required',
        class: request ? 'breaking' : 'non-breaking',
        migration: `send \`${name}\` in every request`,
      });
    }
    compareSchema(ctx, at, before[name], after[name]);
  }
  for (const name of Object.keys(after)) {
    if (name in before) continue;
    const required = reqAfter.has(name);
    const cls = request && required ? 'breaking' : 'non-breaking';
    ctx.report({
      where: `${where}.${name}`,
      check: required ? 'required-property-added' : 'optional-property-added',
      change: `field added, ${required ? 'required' : 'optional'}`,
      class: cls,
      migration: `send \`${name}\` in every request`,
    });
  }
  // A name required without a schema of its own (e.g. a required list beside a oneOf).
  for (const name of reqAfter) {
    if (!reqBefore.has(name) && !(name in after) && request)
      ctx.report({
        where: `${where}.${name}`,
        check: 'property-became-required',
        change: 'field made required',
        class: 'breaking',
        migration: `send \`${name}\` in every request`,
      });
  }
}

/** A oneOf/anyOf variant's identity: its title, else its const discriminators, else its shape. */
function variantKey(doc, variant, index) {
  const s = flatten(doc, variant);
  const raw = resolve(doc, variant);
  if (raw?.title || s.title) return `${raw?.title ?? s.title}`;
  const consts = Object.entries(s.properties ?? {})
    .map(([name, p]) => [name, valueSet(flatten(doc, p))])
    .filter(([, set]) => set?.length === 1)
    .map(([name, set]) => `${name}=${show(set[0])}`);
  if (consts.length) return consts.join(',');
  const types = typeSet(s);
  return types ? types.join('|') : `#${index}`;
}

function compareVariants(ctx, where, b, a, key) {
  if (!b[key] && !a[key]) return;
  const index = (doc, list) => new Map((list ?? [{}]).map((v, i) => [variantKey(doc, v, i), v]));
  const before = b[key] ? index(ctx.before, b[key]) : new Map([['(any)', b]]);
  const after = a[key] ? index(ctx.after, a[key]) : new Map([['(any)', a]]);
  if (!b[key] || !a[key]) {
    ctx.report({
      where,
      check: `${key.toLowerCase()}-${b[key] ? 'removed' : 'added'}`,
      change: `${key} ${b[key] ? 'removed' : 'added'}`,
      class: narrowed(ctx, !b[key]),
      migration: `follow the new shape of ${where}`,
    });
    return;
  }
  const request = ctx.side === 'request';
  for (const [name, variant] of before) {
    if (after.has(name)) compareSchema(ctx, `${where}<${name}>`, variant, after.get(name));
    else
      ctx.report({
        where: `${where}<${name}>`,
        check: `${key.toLowerCase()}-variant-removed`,
        change: `${key} variant removed`,
        class: request ? 'breaking' : 'non-breaking',
        migration: `stop sending the "${name}" shape`,
      });
  }
  for (const name of after.keys()) {
    if (before.has(name)) continue;
    const overlapped = request && key === 'oneOf' ? overlapping(ctx.after, after, name, before) : undefined;
    if (overlapped) {
      ctx.report({
        where: `${where}<${name}>`,
        check: 'oneof-variant-added-overlapping',
        change: `oneOf variant added that values of "${overlapped}" also match (a value must match exactly one)`,
        class: 'breaking',
        migration: `a "${overlapped}" value that now matches two variants is refused`,
      });
      continue;
    }
    const cls = request ? 'non-breaking' : 'breaking-for-exhaustive-clients';
    ctx.report({
      where: `${where}<${name}>`,
      check: `${key.toLowerCase()}-variant-added`,
      change: `${key} variant added`,
      class: cls,
      migration: `handle the new "${name}" shape of the answer`,
    });
  }
}

/** `additionalProperties` and `unevaluatedProperties`: closing an object to unknown fields narrows it. */
/** Whether some value could match both schemas; false only when their types, values or a shared required field's values part them. */
function mayOverlap(doc, x, y) {
  const a = flatten(doc, x);
  const b = flatten(doc, y);
  const ta = typeSet(a);
  const tb = typeSet(b);
  if (ta && tb && !ta.some((t) => admits(tb, t) || admits([t], tb[0]) || tb.some((u) => admits([t], u)))) return false;
  const va = valueSet(a);
  const vb = valueSet(b);
  if (va && vb && !va.some((v) => vb.some((w) => isDeepStrictEqual(v, w)))) return false;
  const both = (name) => (a.required ?? []).includes(name) && (b.required ?? []).includes(name);
  for (const name of Object.keys(a.properties ?? {})) {
    if (!both(name) || !b.properties?.[name]) continue;
    if (!mayOverlap(doc, a.properties[name], b.properties[name])) return false;
  }
  return true;
}

/** The name of an older variant that the new variant `name` overlaps, if any: a oneOf then refuses its values. */
function overlapping(doc, variants, name, older) {
  for (const [other, schema] of variants)
    if (older.has(other) && mayOverlap(doc, variants.get(name), schema)) return other;
  return undefined;
}

function compareAdditional(ctx, where, b, a, key) {
  const before = b[key];
  const after = a[key];
  if (isDeepStrictEqual(plain(ctx.before, before), plain(ctx.after, after))) return;
  const closed = (v) => v === false;
  if (typeof before === 'object' && typeof after === 'object') {
    compareSchema(ctx, `${where}.*`, before, after);
    return;
  }
  const isNarrowing = !closed(before) && after !== undefined && after !== true;
  ctx.report({
    where,
    check: `${kebab(key)}-${isNarrowing ? 'narrowed' : 'widened'}`,
    change: `${key} ${show(before ?? true)} -> ${show(after ?? true)}`,
    class: narrowed(ctx, isNarrowing),
    migration: 'send only the fields the document names',
  });
}

/** The variants of a oneOf/anyOf schema, each with the schema's own keys (type, properties, ...) merged in. */
function shapes(doc, schema) {
  const { oneOf, anyOf, ...own } = schema;
  return (oneOf ?? anyOf).map((variant, i) => ({
    name: variantKey(doc, variant, i),
    schema: { allOf: [own, variant] },
  }));
}

/** The findings of one comparison, collected instead of reported. */
function collect(ctx, where, before, after) {
  const found = [];
  compareSchema({ ...ctx, seen: new Set(ctx.seen), report: (f) => found.push(f) }, where, before, after);
  return found;
}

/**
 * One shape became a oneOf of several (split), or several became one (merged). Each shape is compared with the
 * single one. When the client meets every shape (an answer split, a request merged: what it sent in each shape
 * must still be valid) every shape's findings count; otherwise (a request split, an answer merged) the closest
 * shape's, the one with the fewest breaking findings.
 */
function compareWithShapes(ctx, where, b, a) {
  const split = Boolean(a.oneOf ?? a.anyOf);
  const many = split ? shapes(ctx.after, a) : shapes(ctx.before, b);
  const single = split ? b : a;
  const names = many.map((m) => m.name).join(' | ');
  ctx.report({
    where,
    check: split ? 'shape-split' : 'shapes-merged',
    change: split ? `one shape split into ${names}` : `shapes ${names} merged into one`,
    class: 'non-breaking',
  });
  const runs = many.map((m) =>
    collect(ctx, `${where}<${m.name}>`, split ? single : m.schema, split ? m.schema : single),
  );
  const everyShape = (ctx.side === 'response') === split;
  const breaking = (run) => run.filter((f) => f.class !== 'non-breaking').length;
  const chosen = everyShape ? runs.flat() : runs.reduce((best, run) => (breaking(run) < breaking(best) ? run : best));
  for (const finding of chosen) ctx.report(finding);
}
