// The branches of a `oneOf` that the data selects by a `const`. A push_single body is a oneOf of ten variants, each
// fixing `message.msgtype` (and so do push_single_batch's items and the templates); Ajv checks every branch of a
// oneOf to be sure that exactly one holds, and makes error objects for each branch it rejects: about 6 KB of the
// 47 KB a valid push_single allocated (bench/README.md, the ninth turn of issue 50). When every branch fixes a
// scalar `const` at one place, reached through `$ref`, `allOf` and `properties` alone (so that it always applies
// where the data has a value), a branch whose `const` the data's value differs from fails at it for certain. So the
// oneOf holds exactly when one of the branches whose `const` the data meets holds: the same answer, asking two
// branches of ten. Data without a value at that place is checked against the whole oneOf, as before.

type Scalar = string | number | boolean | null;

export interface OneOfSelector {
  /** Where in the data every branch fixes a `const` (`['message', 'msgtype']`). */
  path: string[];
  /** Each branch's pointer and the value its `const` fixes there. */
  branches: { ref: string; value: Scalar }[];
}

/** Keywords that say nothing about validity: a node with only these beside its `oneOf` (or `$ref`) is that alone. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated', 'default']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Whether a node's keywords, but for `keep`, are annotations only. */
const onlyAnnotations = (node: Record<string, unknown>, keep: string) =>
  Object.keys(node).every((key) => key === keep || ANNOTATIONS.has(key));

/** A `$ref` is relative to the document of the schema that holds it. */
const refTarget = (from: string, ref: string) =>
  ref.startsWith('#') ? `${from.slice(0, from.indexOf('#'))}${ref}` : ref;

/** The pointer a chain of bare `$ref`s ends at (the operation's body schema is one: `{ $ref: ...Request }`). */
function throughRefs(node: (ref: string) => unknown, ref: string): string {
  let at = ref;
  for (let depth = 0; depth < 16; depth++) {
    const here = node(at);
    if (!isObject(here) || typeof here.$ref !== 'string' || !onlyAnnotations(here, '$ref')) return at;
    at = refTarget(at, here.$ref);
  }
  return at;
}

/**
 * The scalar `const`s a branch always applies, by the place in the data (`message/msgtype`); a place given two
 * different values (an allOf at odds with itself) is left out. Only `$ref`, `allOf` and `properties` are followed:
 * under `anyOf`, `oneOf`, `not` or `if` a `const` may not apply.
 */
function constsOf(
  node: (ref: string) => unknown,
  ref: string,
  at: string[],
  out: Map<string, Scalar | undefined>,
  depth = 0,
) {
  const here = node(ref);
  if (!isObject(here) || depth > 32) return out;
  if ('const' in here && isScalar(here.const)) {
    const key = at.join('/');
    out.set(key, out.has(key) && out.get(key) !== here.const ? undefined : here.const);
  }
  if (typeof here.$ref === 'string') constsOf(node, refTarget(ref, here.$ref), at, out, depth + 1);
  if (Array.isArray(here.allOf)) here.allOf.forEach((_, i) => constsOf(node, `${ref}/allOf/${i}`, at, out, depth + 1));
  if (isObject(here.properties))
    for (const name of Object.keys(here.properties)) {
      // A name with `/` or `~` would need escaping in the pointer; the documents have none, so such a place is skipped.
      if (!/[/~]/.test(name)) constsOf(node, `${ref}/properties/${name}`, [...at, name], out, depth + 1);
    }
  return out;
}

/**
 * The selector of the schema at `ref`, when it is (after bare `$ref`s) a oneOf whose every branch fixes a scalar
 * `const` at one same place; otherwise undefined, and the whole schema is asked.
 */
export function oneOfSelector(node: (ref: string) => unknown, ref: string): OneOfSelector | undefined {
  const at = throughRefs(node, ref);
  const union = node(at);
  if (!isObject(union) || !Array.isArray(union.oneOf) || !onlyAnnotations(union, 'oneOf')) return undefined;
  const refs = union.oneOf.map((_, i) => `${at}/oneOf/${i}`);
  const consts = refs.map((branch) => constsOf(node, branch, [], new Map()));
  const [first] = consts;
  if (!first || refs.length < 2) return undefined;
  for (const [place, value] of first) {
    if (value === undefined || place === '') continue;
    const values = consts.map((c) => c.get(place));
    if (values.some((v) => v === undefined)) continue;
    return {
      path: place.split('/'),
      branches: refs.map((branch, i) => ({ ref: branch, value: values[i] as Scalar })),
    };
  }
  return undefined;
}

/**
 * The branches the data selects (those whose `const` equals its value at the selector's place), or undefined when
 * the data has no value there (a member missing, or a step that is not an object): then every branch must be asked.
 */
export function selectedBranches(selector: OneOfSelector, data: unknown): string[] | undefined {
  let value: unknown = data;
  for (const name of selector.path) {
    if (!isObject(value) || !Object.hasOwn(value, name)) return undefined;
    value = value[name];
  }
  const picked: string[] = [];
  for (const branch of selector.branches) if (branch.value === value) picked.push(branch.ref);
  return picked;
}
