// Turns "this body is invalid" into the violations a user can act on, the most useful first.
// A validator reports every failed branch of a union (Prism answers a push_single carrying both cid and alias
// with 27 violations); here a union is narrowed first: the branch whose discriminating `const`s (msgtype, style
// type) match the data is explained alone, and when no branch's `const` matches, the discriminator itself is
// the violation. Nothing here names an operation or a field: it follows the documents' schemas.
import type { ErrorObject } from 'ajv';
import type { Violation } from '../shared/refusal.js';
import { child, type Schema, type SchemaSet } from './schemas.js';
import { must } from '../shared/must.js';

export type { Violation };

const violation = (location: string[], code: string, message: string): Violation => ({
  location,
  severity: 'Error',
  code,
  message,
});

/**
 * How many more violations a check lists, and how many it left out once none was left: invalid values it passed
 * over without explaining them, and violations of one node past the limit. The caller says "and N more". A check
 * stops explaining at its limit, so a body of 10,000 invalid items costs the first few of them and one quick
 * validity check of each other.
 */
export interface ViolationBudget {
  left: number;
  unlisted: number;
}
export const unlimited = (): ViolationBudget => ({ left: Infinity, unlisted: 0 });

/** The first `budget.left` of `items` as violations; the rest counted as unlisted. */
function listed<T>(budget: ViolationBudget, items: T[], toViolation: (item: T) => Violation): Violation[] {
  const kept = items.length <= budget.left ? items : items.slice(0, Math.max(0, budget.left));
  budget.left -= kept.length;
  budget.unlisted += items.length - kept.length;
  return kept.map(toViolation);
}
const same = (v: Violation) => v;
/** Adds a list to another without spreading it into arguments (a lenient check may list 100,000 violations). */
export function append<T>(to: T[], items: readonly T[]): void {
  for (const item of items) to.push(item);
}

/** What a violation expected, in the form a program reads (the compat mode reads values by it); not sent. */
export interface Expectation {
  types?: string[];
  allowed?: unknown[];
  pattern?: string;
}
const expectations = new WeakMap<Violation, Expectation>();
const expecting = (v: Violation, expectation: Expectation): Violation => (expectations.set(v, expectation), v);
export const expectationOf = (v: Violation): Expectation | undefined => expectations.get(v);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => JSON.stringify(value);
const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && text(a) === text(b));

/** `#/...` refs are relative to the document of the schema that holds them (each target made once, like child pointers). */
const targets = new Map<string, Map<string, string>>();
function refTarget(from: string, ref: string): string {
  if (!ref.startsWith('#')) return ref;
  let known = targets.get(from);
  if (!known) targets.set(from, (known = new Map()));
  let target = known.get(ref);
  if (target === undefined) known.set(ref, (target = `${from.slice(0, from.indexOf('#'))}${ref}`));
  return target;
}

function typeName(type: unknown): string {
  const one = (t: string) =>
    t === 'integer' || t === 'object' || t === 'array' ? `an ${t}` : t === 'null' ? 'null' : `a ${t}`;
  return Array.isArray(type) ? type.map(String).map(one).join(' or ') : one(String(type));
}

function fromAjv(error: ErrorObject, node: Schema, at: string[]): Violation {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return violation([...at, String(params.missingProperty)], 'required', 'is required');
    case 'additionalProperties': {
      // Name the fields that are allowed, when the schema lists a few (a rate limit's operations, say).
      const names = Object.keys((node.properties as Schema | undefined) ?? {});
      const allowed = names.length > 0 && names.length <= 20 ? `; the names allowed: ${names.join(', ')}` : '';
      return violation(
        [...at, String(params.additionalProperty)],
        'additionalProperties',
        `is not allowed here${allowed}`,
      );
    }
    case 'type':
      return expecting(violation(at, 'type', `must be ${typeName(params.type)}`), {
        types: [params.type].flat().map(String),
      });
    case 'const':
      return expecting(violation(at, 'const', `must be ${text(params.allowedValue)}`), {
        allowed: [params.allowedValue],
      });
    case 'enum':
      return expecting(
        violation(at, 'enum', `must be one of: ${(params.allowedValues as unknown[]).map(text).join(', ')}`),
        { allowed: params.allowedValues as unknown[] },
      );
    case 'pattern':
      return expecting(violation(at, 'pattern', `must match the pattern ${String(params.pattern)}`), {
        pattern: String(params.pattern),
      });
    case 'format': {
      // A value that may also be of another type (a time as epoch milliseconds or as text) names both forms.
      const others = Array.isArray(node.type) ? node.type.filter((t) => t !== 'string') : [];
      const form =
        params.format === 'date-time'
          ? 'an ISO 8601 date-time text with a time zone (2030-01-01T00:00:00Z)'
          : `a valid ${String(params.format)}`;
      return violation(at, 'format', `must be ${others.length ? `${typeName(others)} or ` : ''}${form}`);
    }
    case 'x-max-bytes':
      return violation(at, 'x-max-bytes', `must be at most ${String(node['x-max-bytes'])} bytes in UTF-8`);
    default:
      return violation(at, error.keyword, error.message ?? 'is not valid');
  }
}

interface ConstCheck {
  location: string[];
  expected: unknown;
  actual: unknown;
}

/** The `const`s of a branch (through $ref, allOf and properties) that the data carries: those it contradicts, those it meets. */
function constChecks(
  schemas: SchemaSet,
  ref: string,
  data: unknown,
  at: string[],
  out = { mismatches: [] as ConstCheck[], matches: [] as ConstCheck[] },
  depth = 0,
) {
  const node = schemas.node(ref);
  if (!isObject(node) || depth > 32) return out;
  if ('const' in node && data !== undefined) {
    (sameValue(node.const, data) ? out.matches : out.mismatches).push({
      location: at,
      expected: node.const,
      actual: data,
    });
  }
  if (typeof node.$ref === 'string') constChecks(schemas, refTarget(ref, node.$ref), data, at, out, depth + 1);
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => constChecks(schemas, child(ref, 'allOf', i), data, at, out, depth + 1));
  if (isObject(node.properties) && isObject(data)) {
    for (const key of Object.keys(node.properties)) {
      if (Object.hasOwn(data, key))
        constChecks(schemas, child(ref, 'properties', key), data[key], [...at, key], out, depth + 1);
    }
  }
  return out;
}

/** The property names a branch always requires (its `required`, through $ref and allOf). */
function requiredNames(schemas: SchemaSet, ref: string, depth = 0): Set<string> {
  const node = schemas.node(ref);
  const out = new Set<string>();
  if (!isObject(node) || depth > 32) return out;
  if (Array.isArray(node.required)) for (const name of node.required) out.add(String(name));
  if (typeof node.$ref === 'string')
    for (const name of requiredNames(schemas, refTarget(ref, node.$ref), depth + 1)) out.add(name);
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => requiredNames(schemas, child(ref, 'allOf', i), depth + 1).forEach((n) => out.add(n)));
  return out;
}

/** The property names a schema declares (its `properties`, through $ref and allOf): what `unevaluatedProperties` allows. */
function declaredNames(schemas: SchemaSet, ref: string, depth = 0): Set<string> {
  const node = schemas.node(ref);
  const out = new Set<string>();
  if (!isObject(node) || depth > 32) return out;
  if (isObject(node.properties)) for (const name of Object.keys(node.properties)) out.add(name);
  if (typeof node.$ref === 'string')
    for (const name of declaredNames(schemas, refTarget(ref, node.$ref), depth + 1)) out.add(name);
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => declaredNames(schemas, child(ref, 'allOf', i), depth + 1).forEach((n) => out.add(n)));
  return out;
}

/** The property names a `not` forbids: its `required`, and those of its anyOf/oneOf branches. */
function forbiddenNames(node: unknown): string[] {
  if (!isObject(node)) return [];
  const own = Array.isArray(node.required) ? node.required.map(String) : [];
  const branches = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])];
  return [...own, ...branches.flatMap(forbiddenNames)];
}

function reasonOf(node: unknown): string {
  const description =
    isObject(node) && typeof node.description === 'string' ? node.description.trim().replace(/\.$/, '') : '';
  return description ? ` (${description.charAt(0).toLowerCase()}${description.slice(1)})` : '';
}

function explainNot(
  schemas: SchemaSet,
  ref: string,
  data: unknown,
  at: string[],
  budget: ViolationBudget,
): Violation[] {
  const notNode = schemas.node(child(ref, 'not'));
  const present = isObject(data) ? forbiddenNames(notNode).filter((name) => Object.hasOwn(data, name)) : [];
  const reason = reasonOf(notNode);
  if (present.length > 0)
    return listed(budget, present, (name) => violation([...at, name], 'not', `must not be present${reason}`));
  return listed(budget, [violation(at, 'not', `must not match this schema${reason}`)], same);
}

function titleOf(schemas: SchemaSet, ref: string, index: number): string {
  const node = schemas.node(ref);
  return isObject(node) && typeof node.title === 'string' ? node.title : `variant ${index + 1}`;
}

function explainUnion(
  schemas: SchemaSet,
  ref: string,
  kind: 'oneOf' | 'anyOf',
  data: unknown,
  at: string[],
  budget: ViolationBudget,
): Violation[] {
  const node = schemas.node(ref);
  const branches = (node[kind] as unknown[]).map((_, i) => child(ref, kind, i));
  const valid = branches.filter((b) => schemas.isValid(b, data));
  if (valid.length === 1 || (kind === 'anyOf' && valid.length > 0)) return [];
  if (valid.length > 1) {
    const names = valid.map((b) => titleOf(schemas, b, branches.indexOf(b))).join('; ');
    return listed(
      budget,
      [violation(at, 'oneOf', `matches more than one variant (${names}); it must match exactly one`)],
      same,
    );
  }
  // No branch fits. When every branch's discriminator disagrees with the data at one place, that place is the
  // problem: the value selects no variant.
  const checked = branches.map((branch, i) => ({ i, branch, ...constChecks(schemas, branch, data, at) }));
  const [first] = checked;
  if (first && checked.every((c) => c.mismatches.length > 0)) {
    for (const candidate of first.mismatches) {
      const key = candidate.location.join('/');
      const atKey = checked.map((c) => c.mismatches.filter((x) => x.location.join('/') === key));
      if (!atKey.every((m) => m.length > 0)) continue;
      const allowed = [...new Set(atKey.flat().map((m) => text(m.expected)))];
      const sameType = atKey.flat().every((m) => typeof m.expected === typeof candidate.actual);
      // The candidate is the first branch's first mismatch at its place (an earlier one there was a candidate already).
      const type = typeof candidate.expected === 'number' ? 'an integer' : `a ${typeof candidate.expected}`;
      const message = `${sameType ? 'must be' : `must be ${type},`} one of: ${allowed.join(', ')}`;
      return listed(
        budget,
        [expecting(violation(candidate.location, 'const', message), { allowed: atKey.flat().map((m) => m.expected) })],
        same,
      );
    }
  }
  // Otherwise the data's discriminators choose: the branches whose consts it meets (all, when it meets none),
  // and of those the one with the fewest violations. Each is explained on a budget of its own: only the chosen one's counts.
  const fitting = checked.filter((c) => c.mismatches.length === 0);
  const pool = fitting.length > 0 ? fitting : checked;
  const scored = pool
    .map((c) => {
      const own = { left: budget.left, unlisted: 0 };
      return { c, own, errors: explain(schemas, c.branch, data, at, own) };
    })
    .sort((a, b) => a.errors.length + a.own.unlisted - (b.errors.length + b.own.unlisted) || a.c.i - b.c.i);
  const chosen = must(scored[0], `${kind} at ${ref} has at least one branch`);
  budget.left = chosen.own.left;
  budget.unlisted += chosen.own.unlisted;
  // A field required only by the branches the discriminator selects is required because of it: say so.
  const because = chosen.c.matches
    .map((m) => `${m.location.slice(at.length).join('.') || 'it'} is ${text(m.expected)}`)
    .join(' and ');
  const selectedBy = (name: string) => {
    const without = checked.filter((c) => !requiredNames(schemas, c.branch).has(name));
    return without.length > 0 && without.every((c) => c.mismatches.length > 0);
  };
  return chosen.errors.map((v) => {
    const name = v.location.length === at.length + 1 ? v.location[at.length] : undefined;
    return because && v.code === 'required' && name !== undefined && selectedBy(name)
      ? { ...v, message: `${v.message} when ${because}` }
      : v;
  });
}

/**
 * The violations of `data` against the schema at `ref`, most useful first; [] when it is valid. With a budget, at
 * most `budget.left` of them: past it the values still to explain are only checked, and counted as unlisted.
 */
export function explain(
  schemas: SchemaSet,
  ref: string,
  data: unknown,
  at: string[],
  budget: ViolationBudget = unlimited(),
): Violation[] {
  if (schemas.isValid(ref, data)) return [];
  const node = schemas.node(ref);
  if ((node as unknown) === false) return listed(budget, [violation(at, 'false', 'is not allowed here')], same);
  if (!isObject(node)) return [];
  const errors = schemas.shallowErrors(node, data, ref);
  const out = listed(budget, errors, (e) => fromAjv(e, node, at));
  // Of the wrong type, nothing below applies.
  if (errors.some((e) => e.keyword === 'type')) return out;
  /** The same value against another part of its schema, while the budget lasts. */
  const also = (explained: () => Violation[]) => {
    if (budget.left > 0) append(out, explained());
  };
  /** A value inside this one: explained while the budget lasts, afterwards only counted when invalid. */
  const inside = (childRef: string, value: unknown, key: string) => {
    if (budget.left > 0) append(out, explain(schemas, childRef, value, [...at, key], budget));
    else if (!schemas.isValid(childRef, value)) budget.unlisted++;
  };
  if (typeof node.$ref === 'string')
    also(() => explain(schemas, refTarget(ref, node.$ref as string), data, at, budget));
  if (isObject(data)) {
    const properties = isObject(node.properties) ? node.properties : {};
    for (const key of Object.keys(properties)) {
      if (Object.hasOwn(data, key)) inside(child(ref, 'properties', key), data[key], key);
    }
    if (isObject(node.additionalProperties)) {
      for (const key of Object.keys(data)) {
        if (!Object.hasOwn(properties, key)) inside(child(ref, 'additionalProperties'), data[key], key);
      }
    }
  }
  if (Array.isArray(data) && isObject(node.items)) {
    data.forEach((item, i) => inside(child(ref, 'items'), item, String(i)));
  }
  if (Array.isArray(node.allOf))
    node.allOf.forEach((_, i) => also(() => explain(schemas, child(ref, 'allOf', i), data, at, budget)));
  if (node.unevaluatedProperties === false && isObject(data)) {
    const declared = declaredNames(schemas, ref);
    const unknown = Object.keys(data).filter((key) => !declared.has(key));
    append(
      out,
      listed(budget, unknown, (key) => violation([...at, key], 'unevaluatedProperties', 'is not allowed here')),
    );
  }
  if (Array.isArray(node.oneOf)) also(() => explainUnion(schemas, ref, 'oneOf', data, at, budget));
  if (Array.isArray(node.anyOf)) also(() => explainUnion(schemas, ref, 'anyOf', data, at, budget));
  if (node.not !== undefined && schemas.isValid(child(ref, 'not'), data))
    also(() => explainNot(schemas, ref, data, at, budget));
  if (node.if !== undefined) {
    const branch = schemas.isValid(child(ref, 'if'), data) ? 'then' : 'else';
    if (node[branch] !== undefined) also(() => explain(schemas, child(ref, branch), data, at, budget));
  }
  const seen = new Set<string>();
  const found =
    out.length < 2
      ? out
      : out.filter((v) => {
          const key = `${v.location.join('/')}\u0000${v.code}\u0000${v.message}`;
          return seen.has(key) ? false : (seen.add(key), true);
        });
  // Nothing found with the budget spent: the values left out are counted, the caller says so.
  return found.length > 0 || budget.left <= 0 ? found : failClosed(schemas, ref, data, at, budget);
}

/**
 * The violations of invalid data that the narrowing above could not explain (a keyword it does not walk, such as
 * patternProperties or unevaluatedProperties): Ajv's own, so that an invalid request is never accepted.
 */
function failClosed(
  schemas: SchemaSet,
  ref: string,
  data: unknown,
  at: string[],
  budget: ViolationBudget,
): Violation[] {
  const errors = listed(budget, schemas.errors(ref, data), (e) => {
    const where = e.instancePath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    return violation([...at, ...where], e.keyword, e.message ?? 'is not valid');
  });
  return errors.length > 0 ? errors : [violation(at, 'invalid', 'is not valid against its schema')];
}

/** `body.message.msgtype: must be one of: ...`: a violation as one line, for `desc` and error messages. */
export const describeViolation = (v: Violation): string => `${v.location.join('.')}: ${v.message}`;
