// allOf parts and $ref siblings as one schema: what a value must satisfy is every part at once, so each keyword is
// intersected (the tighter bound, the common types and values, every pattern, required names added up), never
// "the first part wins". A narrower pattern added through an allOf part is a narrowing like any other.
import { isDeepStrictEqual } from 'node:util';

const UPPER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
const LOWER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const CLOSERS = new Set(['additionalProperties', 'unevaluatedProperties']);

const types = (t) => (t === undefined ? undefined : Array.isArray(t) ? t : [t]);
/** Types both sides admit (an integer is a number). */
function commonTypes(a, b) {
  const out = [];
  for (const t of a) {
    if (b.includes(t)) out.push(t);
    else if (t === 'integer' && b.includes('number')) out.push('integer');
    else if (t === 'number' && b.includes('integer')) out.push('integer');
  }
  return [...new Set(out)];
}

const valueList = (s) => {
  const lists = [];
  if ('const' in s) lists.push([s.const]);
  if (Array.isArray(s.enum)) lists.push(s.enum);
  return lists;
};
const intersectValues = (lists) => lists.reduce((a, b) => a.filter((v) => b.some((w) => isDeepStrictEqual(v, w))));
/** Patterns as a sorted list of distinct strings (one string when there is one). */
export const patternList = (p) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);

/** One keyword of a part merged into `merged`, by what the keyword means. */
function mergeKey(merged, key, value) {
  if (!(key in merged)) merged[key] = value;
  else if (key === 'properties') {
    for (const [name, schema] of Object.entries(value))
      merged.properties[name] = name in merged.properties ? { allOf: [merged.properties[name], schema] } : schema;
  } else if (key === 'required') merged.required = [...new Set([...merged.required, ...value])];
  else if (key === 'type') merged.type = commonTypes(types(merged.type), types(value));
  else if (UPPER.has(key)) merged[key] = Math.min(merged[key], value);
  else if (LOWER.has(key)) merged[key] = Math.max(merged[key], value);
  else if (key === 'pattern')
    merged.pattern = [...new Set([...patternList(merged.pattern), ...patternList(value)])].sort();
  else if (CLOSERS.has(key)) merged[key] = merged[key] === false || value === false ? false : merged[key];
  else if (key === 'oneOf' || key === 'anyOf') merged[key] = [...merged[key], ...value];
  else if (key === 'items' || key === 'contains' || key === 'not') merged[key] = { allOf: [merged[key], value] };
}

/** The parts (each already flat) merged into one schema. */
export function intersect(parts) {
  const merged = { properties: {}, required: [] };
  const values = [];
  for (const part of parts) {
    values.push(...valueList(part));
    for (const [key, value] of Object.entries(part))
      if (key !== 'const' && key !== 'enum') mergeKey(merged, key, value);
  }
  if (values.length) merged.enum = intersectValues(values);
  if (Array.isArray(merged.type) && merged.type.length === 1) merged.type = merged.type[0];
  if (Array.isArray(merged.pattern) && merged.pattern.length === 1) merged.pattern = merged.pattern[0];
  if (!Object.keys(merged.properties).length) delete merged.properties;
  if (!merged.required.length) delete merged.required;
  return merged;
}
