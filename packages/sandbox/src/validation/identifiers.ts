// Bounds on every identifier a caller chooses (appid, cid, alias, tag, task name, requestid, taskid, snapshot name),
// checked on every way in before anything else of a request: the store keys records by these ids, and LMDB refuses a
// key over 1,978 bytes. The description gives no length or character set for most of them ("not shown"), so these
// are the sandbox's own limits, stated here once, reported by GET /control/ (`identifiers`) and in the README:
// far above what the service hands out (22-character appids, 32-character cids), far below what a store can hold.
import type { Violation } from './explain.js';

export interface IdentifierBound {
  /** Most characters (UTF-16 code units, as JSON Schema's maxLength counts). */
  maxChars: number;
  /** The characters allowed, when narrower than "any printable text". */
  pattern?: RegExp;
  /** The character set in words, for the refusal. */
  allowed: string;
}

const PRINTABLE = 'any characters but control and bidirectional-override characters';

/** The sandbox's bounds, by kind of identifier. */
export const IDENTIFIER_BOUNDS = {
  appid: { maxChars: 64, pattern: /^[A-Za-z0-9_-]+$/, allowed: 'letters, digits, `-` and `_`' },
  cid: { maxChars: 128, allowed: PRINTABLE },
  alias: { maxChars: 128, allowed: PRINTABLE },
  tag: { maxChars: 128, allowed: PRINTABLE },
  taskName: { maxChars: 256, allowed: PRINTABLE },
  requestid: { maxChars: 64, allowed: PRINTABLE },
  taskid: { maxChars: 64, allowed: PRINTABLE },
  snapshotName: {
    maxChars: 64,
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    allowed: 'letters, digits, `.`, `-` and `_`, starting with a letter or digit',
  },
} as const satisfies Record<string, IdentifierBound>;

export type IdentifierKind = keyof typeof IDENTIFIER_BOUNDS;

/**
 * C0 and C1 controls (NUL, CR, LF...), DEL, and the marks that reorder text on screen (a right-to-left override
 * makes `ppa-bew-ic` read as another team's app in a terminal or a log).
 */
function unprintable(value: string): number | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x61c || c === 0x200e || c === 0x200f) return c;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return c;
  }
  return undefined;
}

/** Field and parameter names that carry an identifier, wherever they appear in a request. */
const FIELDS: Record<string, IdentifierKind> = {
  appid: 'appid',
  cid: 'cid',
  cid_list: 'cid',
  cidlist: 'cid',
  cids: 'cid',
  alias: 'alias',
  alias_list: 'alias',
  tag_list: 'tag',
  task_name: 'taskName',
  requestid: 'requestid',
  taskid: 'taskid',
};

/**
 * The kind of identifier a field or parameter name carries, if any. Only FIELDS' own names: a body's key is the
 * caller's, and `constructor` or `toString` would otherwise find Object's (a 500, where the field is simply not an
 * identifier).
 */
const kindOf = (name: string): IdentifierKind | undefined => (Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined);

/** A comma-separated list of tags (set_tags' `tags`): each tag is bounded, not the list. */
const TAG_TEXT_FIELDS = new Set(['tags']);

/**
 * What is wrong with one identifier, or undefined. `charset`: check the character set too (the control API's own
 * document states it); push v1 and DMP check the length and unprintable characters only, which is what a store key
 * needs: there an appid of other characters is one no app has, answered as the service answers it.
 */
export function identifierProblem(kind: IdentifierKind, value: string, charset = true): string | undefined {
  const bound: IdentifierBound = IDENTIFIER_BOUNDS[kind];
  if (value.length > bound.maxChars)
    return `is ${value.length.toLocaleString('en')} characters; the sandbox accepts at most ${bound.maxChars} for ${describe(kind)} (${bound.allowed})`;
  const bad = unprintable(value);
  if (bad !== undefined)
    return `holds a control or bidirectional-override character (U+${bad.toString(16).toUpperCase().padStart(4, '0')}); the sandbox accepts ${bound.allowed} for ${describe(kind)}`;
  if (charset && bound.pattern && value.length > 0 && !bound.pattern.test(value))
    return `holds a character the sandbox does not accept for ${describe(kind)}: ${bound.allowed}`;
  return undefined;
}

const NAMES: Record<IdentifierKind, string> = {
  appid: 'an appid',
  cid: 'a cid',
  alias: 'an alias',
  tag: 'a tag',
  taskName: 'a task name',
  requestid: 'a requestid',
  taskid: 'a taskid',
  snapshotName: 'a snapshot name',
};
const describe = (kind: IdentifierKind) => NAMES[kind];

const violation = (location: string[], message: string): Violation => ({
  location,
  severity: 'Error',
  code: 'identifier',
  message,
});

/** Checks one named value (a string, or a list of strings) where it was found (`at`: made only for a violation). */
function checkNamed(name: string, value: unknown, at: () => string[], out: Violation[], charset: boolean): void {
  const kind = kindOf(name);
  const list = Array.isArray(value);
  const items: unknown[] = list ? value : [value];
  const where = (i: number) => (list ? [...at(), String(i)] : at());
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'string') continue; // its type is the document's to check
    if (kind) {
      const problem = identifierProblem(kind, item, charset);
      if (problem) out.push(violation(where(i), problem));
    } else if (TAG_TEXT_FIELDS.has(name)) {
      for (const tag of item.split(',')) {
        const problem = identifierProblem('tag', tag);
        if (problem) out.push(violation(where(i), `one of its tags ${problem}`));
      }
    }
  }
}

/** Where a value of the body is: its key and its parent's place, so a walk makes a path only for a violation. */
interface Place {
  key: string;
  parent: Place | undefined;
}

const pathOf = (place: Place): string[] => {
  const keys: string[] = [];
  for (let p: Place | undefined = place; p; p = p.parent) keys.push(p.key);
  return ['body', ...keys.reverse()];
};

/**
 * Every identifier of a body, found by its field's name at any depth (arrays and objects walked, bounded by the
 * body's depth limit). A valid body's walk makes no path: a push's body was walked on every request.
 */
function bodyIdentifiers(body: unknown, out: Violation[], charset: boolean): void {
  if (typeof body !== 'object' || body === null) return;
  const stack: { value: object; place: Place | undefined }[] = [{ value: body, place: undefined }];
  for (let item = stack.pop(); item !== undefined && out.length < 20; item = stack.pop()) {
    const { value, place } = item;
    const isArray = Array.isArray(value);
    for (const key of Object.keys(value)) {
      const child: unknown = (value as Record<string, unknown>)[key];
      const named = !isArray && (kindOf(key) !== undefined || TAG_TEXT_FIELDS.has(key));
      const isObject = typeof child === 'object' && child !== null;
      if (!named && !isObject) continue;
      const here: Place = { key, parent: place };
      if (named) checkNamed(key, child, () => pathOf(here), out, charset);
      if (isObject) stack.push({ value: child, place: here });
    }
  }
}

/** Path parameter names that are identifiers of the control API (`name` is a snapshot's). */
const PATH_FIELDS: Record<string, IdentifierKind> = { ...FIELDS, name: 'snapshotName' };

/** The identifiers of a request that break the sandbox's bounds: path, query and body (`charset`: see identifierProblem). */
export function identifierViolations(
  parts: { params: Record<string, string>; query: URLSearchParams; body: unknown },
  charset = true,
): Violation[] {
  const out: Violation[] = [];
  for (const [name, value] of Object.entries(parts.params)) {
    const kind = Object.hasOwn(PATH_FIELDS, name) ? PATH_FIELDS[name] : undefined;
    const problem = kind ? identifierProblem(kind, value, charset) : undefined;
    if (problem) out.push(violation(['path', name], problem));
  }
  for (const [name, value] of parts.query)
    if (kindOf(name)) checkNamed(name, value, () => ['query', name], out, charset);
  if (parts.body !== undefined) bodyIdentifiers(parts.body, out, charset);
  return out;
}
