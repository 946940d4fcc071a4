// Every bundled document, loaded once into one Ajv (JSON Schema 2020-12), so that any schema of any document can
// be validated by its JSON pointer: `push-v1#/components/schemas/PushSingleRequest`.
import { _, Ajv2020, type ErrorObject, type KeywordCxt, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { oneOfSelector, selectedBranches, type OneOfSelector } from './one-of-selector.js';

// ajv-formats is CommonJS: its module object is the plugin, which also carries itself as `default`.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;

export type Schema = Record<string, unknown>;

/** Keywords that hold subschemas: the explainer walks them itself instead of asking Ajv about them. */
const STRUCTURAL = new Set([
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'contains',
  'dependentSchemas',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** Teaches an Ajv the formats and the one keyword of its own that the documents use. */
export function withDocumentVocabulary(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv);
  // OpenAPI formats without a JSON Schema meaning here: integer widths are checked by `type`.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  // The description's "shorter than 1000 bytes" (intent), which maxLength (characters) cannot say.
  // As code, not a function, so that Ajv's standalone code can carry it (standalone.ts).
  ajv.addKeyword({
    keyword: 'x-max-bytes',
    type: 'string',
    schemaType: 'number',
    code: (cxt: KeywordCxt) => cxt.fail(_`Buffer.byteLength(${cxt.data}, "utf8") > ${cxt.schema as number}`),
  });
  return ajv;
}

/** A node's own keywords (type, required, const, pattern...) without its subschemas: what shallowErrors checks. */
export function ownKeywords(node: Schema): Schema {
  const own: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!STRUCTURAL.has(key) || (key === 'additionalProperties' && value === false)) own[key] = value;
  }
  // `additionalProperties: false` needs the names it allows; their schemas are walked by the explainer.
  if (own.additionalProperties === false) {
    for (const key of ['properties', 'patternProperties'] as const) {
      if (typeof node[key] === 'object' && node[key] !== null)
        own[key] = Object.fromEntries(Object.keys(node[key]).map((name) => [name, true]));
    }
  }
  return own;
}

/** The two Ajvs a SchemaSet asks: `check` stops at the first error, `all` gathers every one (see SchemaSet). */
export function newAjvs(documents: Record<string, Schema>, code?: { source: true }): { check: Ajv2020; all: Ajv2020 } {
  const make = (allErrors: boolean) =>
    withDocumentVocabulary(new Ajv2020({ strict: false, allErrors, validateFormats: true, ...(code && { code }) }));
  const check = make(false);
  const all = make(true);
  for (const [id, doc] of Object.entries(documents)) {
    all.addSchema(doc, id);
    check.addSchema(doc, id);
  }
  return { check, all };
}

/**
 * Validators made before the sandbox serves (Ajv's standalone code, generated at build time: standalone.ts), by
 * pointer: `check` and `all` validate `{ $ref: pointer }`, `shallow` the node's own keywords.
 */
export interface Precompiled {
  check: Record<string, ValidateFunction>;
  /** Loads the `all` validators (a module of its own, 2 MB: read on first use, not at start). */
  all: () => Record<string, ValidateFunction>;
  shallow: Record<string, ValidateFunction>;
}

/**
 * Two Ajvs over the same documents. `isValid` asks the one that stops at the first error: the explainer asks it
 * about every node it walks, and with `allErrors` Ajv gathers the errors of each `$ref`'d subschema with
 * `vErrors.concat(...)`, a copy of every error so far per array item, so that checking N invalid items took time
 * growing as N squared (3,000 empty push_single_batch items: 9 s). The other lists every error of one node
 * (`shallowErrors`: no `$ref` in it) or of a subtree the explainer cannot walk (`errors`).
 */
export class SchemaSet {
  /** Both Ajvs, made on the first compile: with validators ready-made none may be needed, and making them took 80 ms of the start. */
  #ajvs: { check: Ajv2020; all: Ajv2020 } | undefined;
  /** The `all` validators ready-made, loaded on first use (rare: only what the explainer cannot walk needs them). */
  #loadAll: (() => Record<string, ValidateFunction>) | undefined;
  readonly #documents = new Map<string, Schema>();
  readonly #byPointer = new Map<string, ValidateFunction>();
  readonly #checkByPointer = new Map<string, ValidateFunction>();
  readonly #shallow = new WeakMap<Schema, ValidateFunction>();
  readonly #shallowByPointer = new Map<string, ValidateFunction>();
  readonly #nodes = new Map<string, Schema>();
  /** Each pointer's oneOf selector (one-of-selector.ts), or null when it has none: found once per pointer. */
  readonly #selectors = new Map<string, OneOfSelector | null>();
  #work = 0;
  #compiled = 0;

  /** How many validators were compiled here (none at request time when the set came precompiled): a test counts them. */
  get compiled(): number {
    return this.#compiled;
  }

  /**
   * Work done so far, in units a test can count where a timing would race: one per validator call, plus one per
   * error Ajv gathered in it (gathering errors is what grew as N squared).
   */
  get work(): number {
    return this.#work;
  }

  #counted(validate: ValidateFunction, data: unknown): boolean {
    const valid = validate(data) as boolean;
    this.#work += 1 + (valid ? 0 : (validate.errors?.length ?? 0));
    return valid;
  }

  constructor(documents: Record<string, Schema>, precompiled?: Precompiled) {
    for (const [id, doc] of Object.entries(documents)) this.#documents.set(id, doc);
    if (precompiled) {
      for (const [ref, validate] of Object.entries(precompiled.check)) this.#checkByPointer.set(ref, validate);
      for (const [ref, validate] of Object.entries(precompiled.shallow)) this.#shallowByPointer.set(ref, validate);
      this.#loadAll = precompiled.all;
    }
  }

  #ajv(which: 'check' | 'all'): Ajv2020 {
    this.#ajvs ??= newAjvs(Object.fromEntries(this.#documents));
    return this.#ajvs[which];
  }

  /** The schema node at `id#pointer`, with `$ref`s left as they are (looked up once per pointer: the explainer asks often). */
  node(ref: string): Schema {
    let node = this.#nodes.get(ref);
    if (node === undefined) {
      node = this.#lookUp(ref);
      this.#nodes.set(ref, node);
    }
    return node;
  }

  #lookUp(ref: string): Schema {
    const hash = ref.indexOf('#');
    const [id, pointer] = hash < 0 ? [ref, ''] : [ref.slice(0, hash), ref.slice(hash + 1)];
    let node: unknown = this.#documents.get(id);
    for (const part of pointer.split('/').slice(1)) {
      node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (node === undefined || (typeof node !== 'object' && typeof node !== 'boolean'))
      throw new Error(`no schema at ${ref}`);
    return node as Schema;
  }

  #validator(ref: string, which: 'check' | 'all', cache: Map<string, ValidateFunction>): ValidateFunction {
    let validate = cache.get(ref);
    if (!validate && which === 'all' && this.#loadAll) {
      for (const [pointer, ready] of Object.entries(this.#loadAll())) cache.set(pointer, ready);
      this.#loadAll = undefined;
      validate = cache.get(ref);
    }
    if (!validate) {
      validate = this.#ajv(which).compile({ $ref: ref });
      this.#compiled++;
      cache.set(ref, validate);
    }
    return validate;
  }

  /**
   * Whether `data` is valid against the schema at `ref` (refs resolved within its document): stops at the first
   * error. A oneOf whose branches the data selects by a `const` asks only the selected branches (one-of-selector.ts).
   */
  isValid(ref: string, data: unknown): boolean {
    const selected = this.#selected(ref, data);
    if (selected === undefined) return this.#counted(this.#validator(ref, 'check', this.#checkByPointer), data);
    let valid = 0;
    for (const branch of selected) if (this.isValid(branch, data) && ++valid > 1) return false;
    return valid === 1;
  }

  #selected(ref: string, data: unknown): string[] | undefined {
    let selector = this.#selectors.get(ref);
    if (selector === undefined) {
      selector = oneOfSelector((at) => this.#nodeOrUndefined(at), ref) ?? null;
      this.#selectors.set(ref, selector);
    }
    return selector === null ? undefined : selectedBranches(selector, data);
  }

  /** The node at a pointer, or undefined where there is none (a selector looks at pointers that may not exist). */
  #nodeOrUndefined(ref: string): Schema | undefined {
    try {
      return this.node(ref);
    } catch {
      return undefined;
    }
  }

  /** Ajv's errors of `data` against the schema at `ref` (none when it is valid). */
  errors(ref: string, data: unknown): ErrorObject[] {
    const validate = this.#validator(ref, 'all', this.#byPointer);
    return this.#counted(validate, data) ? [] : [...(validate.errors ?? [])];
  }

  /** Errors of the node's own keywords (type, required, const, pattern...), without its subschemas; `ref` is where it is. */
  shallowErrors(node: Schema, data: unknown, ref?: string): ErrorObject[] {
    let validate = (ref !== undefined ? this.#shallowByPointer.get(ref) : undefined) ?? this.#shallow.get(node);
    if (!validate) {
      validate = this.#ajv('all').compile(ownKeywords(node));
      this.#compiled++;
      this.#shallow.set(node, validate);
    }
    return this.#counted(validate, data) ? [] : [...(validate.errors ?? [])];
  }
}

/**
 * Pointers made once: the explainer walks the same schemas for every item of a body, and a pointer made anew is a
 * new text to hash at every lookup. Only schema positions are cached (property names of schemas, not of data).
 */
const pointers = new Map<string, Map<string | number, string>>();
function childOf(ref: string, part: string | number): string {
  let children = pointers.get(ref);
  if (!children) pointers.set(ref, (children = new Map()));
  let pointer = children.get(part);
  if (pointer === undefined)
    children.set(part, (pointer = `${ref}/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return pointer;
}

/** `id#pointer` of a child schema. */
export const child = (ref: string, ...parts: (string | number)[]): string => parts.reduce<string>(childOf, ref);
