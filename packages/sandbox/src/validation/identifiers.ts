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

/** Checks one named value (a string, or a list of strings) where it was found. */
function checkNamed(name: string, value: unknown, at: string[], out: Violation[], charset: boolean): void {
  const kind = FIELDS[name];
  const items: [unknown, string[]][] = Array.isArray(value)
    ? value.map((v, i) => [v, [...at, String(i)]])
    : [[value, at]];
  for (const [item, where] of items) {
    if (typeof item !== 'string') continue; // its type is the document's to check
    if (kind) {
      const problem = identifierProblem(kind, item, charset);
      if (problem) out.push(violation(where, problem));
    } else if (TAG_TEXT_FIELDS.has(name)) {
      for (const tag of item.split(',')) {
        const problem = identifierProblem('tag', tag);
        if (problem) out.push(violation(where, `one of its tags ${problem}`));
      }
    }
  }
}

/** Every identifier of a body, found by its field's name at any depth (arrays and objects walked, bounded by the body's depth limit). */
function bodyIdentifiers(body: unknown, out: Violation[], charset: boolean): void {
  const stack: { value: unknown; at: string[] }[] = [{ value: body, at: ['body'] }];
  for (let item = stack.pop(); item !== undefined && out.length < 20; item = stack.pop()) {
    const { value, at } = item;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      const where = [...at, key];
      if (!Array.isArray(value) && (FIELDS[key] || TAG_TEXT_FIELDS.has(key)))
        checkNamed(key, item, where, out, charset);
      if (typeof item === 'object' && item !== null) stack.push({ value: item, at: where });
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
    const kind = PATH_FIELDS[name];
    const problem = kind ? identifierProblem(kind, value, charset) : undefined;
    if (problem) out.push(violation(['path', name], problem));
  }
  for (const [name, value] of parts.query) if (FIELDS[name]) checkNamed(name, value, ['query', name], out, charset);
  if (parts.body !== undefined) bodyIdentifiers(parts.body, out, charset);
  return out;
}
