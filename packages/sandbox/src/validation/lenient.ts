// Compat mode `lenient`: reads a request that bends the description the way clients in use bend it, as the
// service would read it, and says which rule each reading bent. It works from the violations of the strict check
// (validate, fix what a rule below knows how to read, validate again), so a request that is valid costs nothing
// more, and whatever no rule reads is refused exactly as in strict mode.
import type { components } from '../generated/schema.js';
import { isMoreViolations } from '../shared/bounded.js';
import type { OperationSpec } from '../start/documents.js';
import { expectationOf, type Violation } from './explain.js';
import { validateRequest, type RequestParts } from './request.js';
import type { SchemaSet } from './schemas.js';

export type Deviation = components['schemas']['Deviation'];
export type DeviationRule = Deviation['rule'];

/** Each rule a lenient app may bend: the description's words (the rule as written) and how it is read. */
export const DEVIATION_RULES: Record<DeviationRule, string> = {
  'json-type': 'Types are JSON types. Where the interface says String, the value is a JSON string.',
  'date-form':
    'query_app_user/<date>: date formatted `yyyy-MM-dd`; query_app_push/<date>: the path sample uses `yyyyMMdd`.',
  'notypopload-style': 'The request also carries a `style` object inside this template.',
};

interface Reading {
  rule: DeviationRule;
  value: unknown;
  detail: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** An object or an array, indexed by the segments of a location. */
const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const DIGITS = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const jsonText = (value: unknown) => JSON.stringify(value);
const kindOf = (value: unknown) =>
  typeof value === 'number'
    ? 'number'
    : typeof value === 'string'
      ? 'string'
      : typeof value === 'boolean'
        ? 'boolean'
        : 'value';

/**
 * Why a number does not convert to text without loss, if it does not. JSON.parse has already dropped what the text
 * said beyond a double (9007199254740993 reads as 9007199254740992, 1.50 as 1.5), so only a safe integer's text
 * is known: the service, reading the text, would keep digits the sandbox no longer has.
 */
function lossOf(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'the number is beyond what a JSON number holds; send it as a string';
  if (!Number.isInteger(value) || Object.is(value, -0))
    return `the number ${jsonText(value)} is not an integer, and a JSON number does not keep how it was written (1.50 reads as 1.5); send it as a string`;
  if (!Number.isSafeInteger(value))
    return `the number ${jsonText(value)} is beyond 2^53, where a JSON number loses digits (9007199254740993 reads as 9007199254740992); send it as a string`;
  return undefined;
}

/** The value as one of the expected types, when it converts without loss. */
function converted(value: unknown, expected: string[]): unknown {
  for (const type of expected) {
    if (type === 'string' && typeof value === 'number' && lossOf(value) === undefined) return String(value);
    if (type === 'integer' && typeof value === 'string' && DIGITS.test(value) && Number.isSafeInteger(Number(value)))
      return Number(value);
    if (
      type === 'number' &&
      typeof value === 'string' &&
      DECIMAL.test(value) &&
      Number.isSafeInteger(Math.trunc(Number(value)))
    )
      return Number(value);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  }
  return undefined;
}

/** Why a lenient app does not read a number where text is due, when a rule would read it but with loss. */
function lossyReading(v: Violation, value: unknown): string | undefined {
  const types = expectationOf(v)?.types;
  return v.code === 'type' && typeof value === 'number' && types?.includes('string') ? lossOf(value) : undefined;
}

/** How a lenient app reads the value a violation is about, if a rule lets it. */
function readingOf(v: Violation, value: unknown, parent: unknown): Reading | undefined {
  const expected = expectationOf(v);
  if (v.code === 'type' && expected?.types) {
    const read = converted(value, expected.types);
    if (read === undefined) return undefined;
    return {
      rule: 'json-type',
      value: read,
      detail: `the ${kindOf(value)} ${jsonText(value)} read as the ${kindOf(read)} ${jsonText(read)}`,
    };
  }
  if ((v.code === 'const' || v.code === 'enum') && expected?.allowed) {
    // A discriminator of the wrong type (a style `type` of "6"): the allowed value it writes.
    const read = expected.allowed.find(
      (a) =>
        typeof a !== typeof value &&
        (typeof value === 'string' || typeof value === 'number') &&
        String(a) === String(value),
    );
    if (read === undefined) return undefined;
    return {
      rule: 'json-type',
      value: read,
      detail: `the ${kindOf(value)} ${jsonText(value)} read as the ${kindOf(read)} ${jsonText(read)}`,
    };
  }
  if (v.code === 'pattern' && expected?.pattern && typeof value === 'string') {
    const other = /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value.replaceAll('-', '')
      : /^\d{8}$/.test(value)
        ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`
        : undefined;
    if (other === undefined || !new RegExp(expected.pattern, 'u').test(other)) return undefined;
    return { rule: 'date-form', value: other, detail: `the date "${value}" read as "${other}"` };
  }
  if (
    v.code === 'required' &&
    v.location.at(-1) === 'style' &&
    v.location.at(-2) === 'notypopload' &&
    isObject(parent)
  ) {
    const style = { type: 0, title: parent.notytitle, text: parent.notycontent, logo: parent.notyicon };
    return {
      rule: 'notypopload-style',
      value: style,
      detail: 'no style: read as a system style (type 0) of its notytitle, notycontent and notyicon',
    };
  }
  return undefined;
}

/**
 * The request's parts as a lenient app reads them, the deviations it read through, and what is still wrong. Every
 * violation is looked at (no limit: each one a rule reads must be read), `strict` when the caller has them all.
 */
export function readLeniently(
  schemas: SchemaSet,
  op: OperationSpec,
  parts: RequestParts,
  strict = validateRequest(schemas, op, parts, Infinity),
): { parts: RequestParts; deviations: Deviation[]; violations: Violation[] } {
  if (strict.length === 0) return { parts, deviations: [], violations: strict };
  let violations = strict;
  // Changed on copies: a request whose reading still fails is answered as it was sent.
  const read: RequestParts = {
    params: { ...parts.params },
    query: new URLSearchParams(parts.query),
    body: structuredClone(parts.body),
  };
  const deviations: Deviation[] = [];
  const losses = new Map<string, string>();
  // Each pass reads what the last one uncovered (a style whose `type` was "6" is then checked as style 6).
  for (let pass = 0; pass < 4 && violations.length > 0; pass++) {
    let changed = false;
    for (const v of violations) {
      const [where, ...path] = v.location;
      const name = path[0];
      const key = path.at(-1);
      if (where === 'body' && key !== undefined) {
        const container = path
          .slice(0, -1)
          .reduce<unknown>((at, step) => (isContainer(at) ? at[step] : undefined), read.body);
        if (!isContainer(container)) continue;
        const reading = readingOf(v, container[key], container);
        if (!reading) {
          const loss = lossyReading(v, container[key]);
          if (loss) losses.set(v.location.join('.'), loss);
          continue;
        }
        container[key] = reading.value;
        deviations.push({ rule: reading.rule, location: v.location, detail: reading.detail });
        changed = true;
      } else if (where === 'path' && name !== undefined) {
        const reading = readingOf(v, read.params[name], undefined);
        if (!reading || typeof reading.value !== 'string') continue;
        read.params[name] = reading.value;
        deviations.push({ rule: reading.rule, location: v.location, detail: reading.detail });
        changed = true;
      }
    }
    if (!changed) break;
    violations = validateRequest(schemas, op, read, Infinity);
  }
  // Refused: what no rule reads is what the caller must fix, so those are the violations answered.
  // A value a rule would read but for the loss says why it was not read.
  const said = (v: Violation) =>
    losses.has(v.location.join('.'))
      ? { ...v, message: `${v.message}; not read: ${losses.get(v.location.join('.'))}` }
      : v;
  return violations.length === 0
    ? { parts: read, deviations, violations }
    : { parts, deviations: [], violations: losses.size > 0 ? violations.map(said) : violations };
}

/**
 * For a strict app's refusal with these violations: what a lenient app would have read, in a few words (undefined:
 * it would refuse too). A refusal past the violation limit gets none: such a body is more than a few deviations.
 */
export function lenientHint(
  schemas: SchemaSet,
  op: OperationSpec,
  parts: RequestParts,
  strict: Violation[],
): string | undefined {
  if (strict.some(isMoreViolations)) return undefined;
  const { deviations, violations } = readLeniently(schemas, op, parts, strict);
  if (violations.length > 0 || deviations.length === 0) return undefined;
  const rules = [...new Set(deviations.map((d) => `${d.rule} at ${d.location.join('.')}`))].join(', ');
  return `an app in compat mode lenient would accept it (${rules}): set its settings.compat, or start the sandbox with --compat lenient`;
}

/**
 * Checks an empty request of every operation, strictly and leniently, and throws the outcome away: at start, so
 * that V8 has compiled the checking code (explain, lenient reading) before the first refused request, which
 * otherwise paid for it (a first refused push took several times a later one). Nothing is stored.
 */
export function warmUpChecks(schemas: SchemaSet, operations: readonly OperationSpec[]): void {
  for (const op of operations) {
    const parts: RequestParts = { params: {}, query: new URLSearchParams(), body: op.body ? {} : undefined };
    lenientHint(schemas, op, parts, validateRequest(schemas, op, parts));
  }
}
