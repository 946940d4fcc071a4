// Checks a request's parameters and body against its operation in the documents, before anything changes.
import { moreViolations } from '../shared/bounded.js';
import { BYTE_BOUNDS } from '../shared/config.js';
import type { OperationSpec } from '../start/documents.js';
import { identifierViolations } from './identifiers.js';
import { append, explain, type Violation, type ViolationBudget } from './explain.js';
import type { Schema, SchemaSet } from './schemas.js';

export interface RequestParts {
  /** Path parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/** The schema's type after following `$ref`s, to read a text parameter as the number or boolean it stands for. */
function typeOf(schemas: SchemaSet, ref: string): unknown {
  let at = ref;
  for (let depth = 0; depth < 16; depth++) {
    const node = schemas.node(at) as Schema;
    if (typeof node.$ref !== 'string') return node.type;
    at = node.$ref.startsWith('#') ? `${at.split('#')[0]}${node.$ref}` : node.$ref;
  }
  return undefined;
}

function coerce(text: string, type: unknown): unknown {
  // A number only when it is one a field can hold; otherwise the text stays, and its type is the violation.
  if (
    (type === 'integer' || type === 'number') &&
    /^-?\d+(\.\d+)?$/.test(text) &&
    Math.abs(Number(text)) <= Number.MAX_SAFE_INTEGER
  )
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * Numbers JSON can write but no field can hold: `1e309` parses to Infinity, which passes the schemas' integer and
 * number checks and is stored as null. Each is named where it is.
 */
/**
 * Whether a body holds a number beyond what a number can hold (`1e400` parses as Infinity). Walked without building
 * a location per value: almost no body has one, and the locations of every value were a fifth of what a valid push
 * allocated.
 */
function hasNonFinite(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      if (Array.isArray(value)) for (const item of value) stack.push(item);
      else for (const key in value) stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

function numberViolations(root: unknown, budget: ViolationBudget): Violation[] {
  if (!hasNonFinite(root)) return [];
  const out: Violation[] = [];
  const stack: { value: unknown; at: string[] }[] = [{ value: root, at: ['body'] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, at } = item;
    if (typeof value === 'number' && !Number.isFinite(value)) {
      if (budget.left-- <= 0) budget.unlisted++;
      else
        out.push({
          location: at,
          severity: 'Error',
          code: 'finite',
          message: 'must be a finite number (this one is beyond what a number can hold)',
        });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, at: [...at, key] });
    }
  }
  return out.reverse();
}

/**
 * The violations of a request, at most `limit` of them (then a last one saying how many more): checking stops at the
 * limit, so its cost stays small whatever the body. A lenient reading asks for all of them (no limit).
 */
export function validateRequest(
  schemas: SchemaSet,
  op: OperationSpec,
  parts: RequestParts,
  limit: number = BYTE_BOUNDS.violationsListed,
): Violation[] {
  const budget: ViolationBudget = { left: limit, unlisted: 0 };
  const found = violationsOf(schemas, op, parts, budget);
  return budget.unlisted > 0 ? [...found, moreViolations(budget.unlisted)] : found;
}

function violationsOf(
  schemas: SchemaSet,
  op: OperationSpec,
  parts: RequestParts,
  budget: ViolationBudget,
): Violation[] {
  const numbers = parts.body === undefined ? [] : numberViolations(parts.body, budget);
  if (numbers.length > 0) return numbers;
  // The sandbox's own bounds on identifiers come before the document: they hold whatever a document allows.
  const identifiers = identifierViolations(parts, op.api === 'control');
  if (identifiers.length > 0) return identifiers;
  const out: Violation[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue; // credentials are checked by the behaviour (not_auth, 401)
    const value = p.in === 'path' ? parts.params[p.name] : (parts.query.get(p.name) ?? undefined);
    if (value === undefined) {
      if (p.required)
        out.push({ location: [p.in, p.name], severity: 'Error', code: 'required', message: 'is required' });
      continue;
    }
    if (budget.left > 0)
      append(out, explain(schemas, p.ref, coerce(value, typeOf(schemas, p.ref)), [p.in, p.name], budget));
  }
  if (op.body) {
    if (parts.body === undefined) {
      if (op.body.required)
        out.push({ location: ['body'], severity: 'Error', code: 'required', message: 'a JSON body is required' });
    } else if (budget.left > 0) append(out, explain(schemas, op.body.ref, parts.body, ['body'], budget));
    else if (!schemas.isValid(op.body.ref, parts.body)) budget.unlisted++;
  }
  return out;
}

/** Query parameters as the operation's handler reads them (numbers and booleans as such). */
export function queryValues(schemas: SchemaSet, op: OperationSpec, query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.parameters) {
    const value = p.in === 'query' ? query.get(p.name) : null;
    if (value !== null) out[p.name] = coerce(value, typeOf(schemas, p.ref));
  }
  return out;
}
