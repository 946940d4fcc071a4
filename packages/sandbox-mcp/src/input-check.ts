// Every tool's input checked against its own input schema before anything is sent: a refusal names each field,
// the rule it breaks, and a valid input to start from. The MCP SDK checks inputs only for tools registered with zod
// shapes; these tools' schemas come from the documents as JSON Schema, so Ajv (the sandbox's own validator) checks
// them here.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { withDocumentVocabulary } from '@pushapi/sandbox/documents';
import type { JsonSchema } from './schemas.js';

const ajv = withDocumentVocabulary(new Ajv2020({ allErrors: true, strict: false, verbose: true }));

/** `fault.kind`, or `(the input)` for the top level. */
const fieldOf = (segments: string[]) => (segments.length === 0 ? '(the input)' : segments.join('.'));
const pointerSegments = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** One error as "field: rule", with the names or values allowed where the schema lists them. */
function ruleText(error: ErrorObject): string {
  const at = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const properties = Object.keys(((error.parentSchema ?? {}) as JsonSchema).properties ?? {});
  switch (error.keyword) {
    case 'required':
      return `${fieldOf([...at, String(params.missingProperty)])}: is required (rule: required)`;
    case 'additionalProperties':
      return `${fieldOf([...at, String(params.additionalProperty)])}: is not a field here (rule: additionalProperties; the fields: ${properties.join(', ')})`;
    case 'enum':
      return `${fieldOf(at)}: must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (rule: enum)`;
    case 'const':
      return `${fieldOf(at)}: must be ${JSON.stringify(params.allowedValue)} (rule: const)`;
    default:
      return `${fieldOf(at)}: ${error.message ?? 'is invalid'} (rule: ${error.keyword})`;
  }
}

/**
 * The errors worth reading. Of a `oneOf`, the errors of the variant the input comes closest to (its `const`s, such
 * as a fault's `kind`, match), or the variants' differing `const` when none matches; never each variant's errors.
 */
function readable(errors: ErrorObject[]): ErrorObject[] {
  const [union] = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  if (!union) return errors;
  const prefix = `${union.schemaPath}/`;
  const inside = errors.filter((e) => e.schemaPath.startsWith(prefix));
  const outside = errors.filter((e) => !e.schemaPath.startsWith(prefix) && e !== union);
  const byVariant = new Map<string, ErrorObject[]>();
  for (const e of inside) {
    // The segment after the union's path is the variant's index (split gives at least one segment).
    const [variant = ''] = e.schemaPath.slice(prefix.length).split('/');
    byVariant.set(variant, [...(byVariant.get(variant) ?? []), e]);
  }
  const matching = [...byVariant.values()].filter(
    (list) => !list.some((e) => e.keyword === 'const' || e.keyword === 'enum'),
  );
  // The variant with the fewest errors is the one the input comes closest to.
  const [closest] = matching.sort((a, b) => a.length - b.length);
  if (closest) return [...outside, ...closest];
  const consts = inside.filter((e) => e.keyword === 'const');
  const field = consts[0] ? pointerSegments(consts[0].instancePath) : pointerSegments(union.instancePath);
  const allowed = consts.map((e) => JSON.stringify((e.params as { allowedValue: unknown }).allowedValue));
  const summary = {
    ...union,
    message:
      allowed.length > 0 ? `picks the variant: must be one of ${allowed.join(', ')}` : 'matches none of the variants',
    keyword: 'oneOf',
    instancePath: field.length ? `/${field.join('/')}` : '',
  };
  return [...outside, summary];
}

/** Checks a tool's arguments: undefined when valid, else the refusal's text. */
export type InputCheck = (args: Record<string, unknown>) => string | undefined;

/** The example with the caller's own appid, when it gave one. */
const withTheirApp = (example: unknown, args: Record<string, unknown>) =>
  typeof args.appid === 'string' &&
  args.appid !== '' &&
  typeof example === 'object' &&
  example !== null &&
  'appid' in example
    ? { ...example, appid: args.appid }
    : example;

export function inputCheck(toolName: string, schema: JsonSchema, example: unknown): InputCheck {
  let validate: ValidateFunction | undefined;
  return (args) => {
    validate ??= ajv.compile(schema);
    if (validate(args)) return undefined;
    const lines = [...new Set(readable(validate.errors ?? []).map(ruleText))];
    return [
      `Not done: the input of ${toolName} breaks ${lines.length} rule(s) of its input schema (nothing was sent):`,
      ...lines.map((line) => `- ${line}`),
      ...(example === undefined ? [] : [`A valid input: ${JSON.stringify(withTheirApp(example, args))}`]),
    ].join('\n');
  };
}
