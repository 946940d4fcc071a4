// The reads of a listed cid's earlier state (query_alias, get_tags) and, per field and shape, whether the run uses
// what it read. Each choice is fixed here, documented in the README ("Choices made here") and shown in the report
// whenever an answer came in a shape other than the documented one: a restore writes back what was read, so a
// shape the run does not know is never guessed at.
import { isObject, outcomeOf, type ServiceAnswer } from '../check/answer.js';

export interface ReadChoice {
  /** The operation and field, as the description names them: `get_tags tags`. */
  field: string;
  /** The shape of the answer this choice is about. */
  shape: string;
  /** Whether the run takes what it read as the earlier state (and so may change that state and restore it). */
  used: boolean;
  /** Why, in one sentence. */
  why: string;
  /** The shape the documents give (an answer in it is not named in the report). */
  documented?: boolean;
}

export const TAGS_CHOICES = {
  text: {
    field: 'get_tags tags',
    shape: 'a string',
    used: true,
    documented: true,
    why: 'the documented shape ("tags String (the tag list)"); split on spaces, commas or semicolons, since the description names no separator',
  },
  array: {
    field: 'get_tags tags',
    shape: 'a JSON array',
    used: false,
    why: 'the documents give a string: the service differs from them at the very field the restore would write back, so the run does not take its reading of it as the earlier tags; set_tags is not sent to this cid',
  },
  other: {
    field: 'get_tags tags',
    shape: 'anything else',
    used: false,
    why: 'no tag list can be read from it; set_tags is not sent to this cid',
  },
} satisfies Record<string, ReadChoice>;

export const ALIAS_CHOICES = {
  text: {
    field: 'query_alias alias',
    shape: 'a string',
    used: true,
    documented: true,
    why: 'the documented shape; an empty string is no alias',
  },
  refusal: {
    field: 'query_alias alias',
    shape: 'a definite refusal (HTTP 200, a result other than ok, other_error or too_frequent)',
    used: true,
    documented: true,
    why: 'the cid has no alias: the service says so in its own words',
  },
  other: {
    field: 'query_alias alias',
    shape: 'anything else (no alias field, null, a JSON array)',
    used: false,
    why: 'the documents give a string: the run does not guess the alias it would bind back; no alias write names this cid',
  },
} satisfies Record<string, ReadChoice>;

/** What one read of a cid's earlier state gave: the value (when used), or why not, with the choice applied. */
export interface StateRead<T> {
  value?: T;
  /** Why the state could not be read (absent when it was). */
  failure?: string;
  /** The choice applied when the answer was ok but not in the documented shape. */
  choice?: ReadChoice;
  /** For the parity run only: what the answer held, when its shape was not used (the sandbox starts from it). */
  seen?: T;
}

const result = (a: ServiceAnswer) => outcomeOf(a).result;
const said = (a: ServiceAnswer) =>
  `${result(a) ?? `HTTP ${a.status}`}${outcomeOf(a).desc ? ` "${outcomeOf(a).desc}"` : ''}`;
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** get_tags: the earlier tags of a cid. */
export function readTags(a: ServiceAnswer): StateRead<string[]> {
  if (result(a) !== 'ok') return { failure: `get_tags answered ${said(a)}` };
  const tags = isObject(a.body) ? a.body.tags : undefined;
  if (typeof tags === 'string') return { value: tags.split(/[\s,;]+/).filter(Boolean) };
  if (Array.isArray(tags))
    return {
      failure: 'get_tags answered tags as a JSON array',
      choice: TAGS_CHOICES.array,
      ...(strings(tags) ? { seen: tags } : {}),
    };
  return { failure: `get_tags answered tags as ${JSON.stringify(tags)}`, choice: TAGS_CHOICES.other };
}

/** A definite answer that the cid has no alias (a refusal that is not a transient or unknown failure). */
export const noAliasAnswer = (a: ServiceAnswer) =>
  a.status === 200 &&
  typeof result(a) === 'string' &&
  result(a) !== 'ok' &&
  result(a) !== 'other_error' &&
  result(a) !== 'too_frequent';

/** query_alias: the earlier alias of a cid ('' when it has none). */
export function readAlias(a: ServiceAnswer): StateRead<string> {
  const alias = isObject(a.body) ? a.body.alias : undefined;
  if (result(a) === 'ok' && typeof alias === 'string') return { value: alias };
  if (noAliasAnswer(a)) return { value: '' };
  if (result(a) !== 'ok') return { failure: `query_alias answered ${said(a)}` };
  const seen = strings(alias) && alias.length === 1 ? { seen: alias[0]! } : {};
  return {
    failure: `query_alias answered alias as ${Array.isArray(alias) ? 'a JSON array' : JSON.stringify(alias)}`,
    choice: ALIAS_CHOICES.other,
    ...seen,
  };
}

export const COUNT_CHOICES = {
  digits: {
    field: 'query_user_count user_count',
    shape: 'a string of digits',
    used: true,
    why: 'the number is beyond doubt, and the run uses it only to check that push_app reaches exactly the cids it tagged (any other count skips push_app)',
  },
  other: {
    field: 'query_user_count user_count',
    shape: 'anything else',
    used: false,
    why: "no count can be read from it: push_app is not sent, since nothing shows whom the tag's condition reaches",
  },
} satisfies Record<string, ReadChoice>;

/** query_user_count: how many devices a condition selects (the guard of push_app). */
export function readCount(a: ServiceAnswer): StateRead<number> {
  if (result(a) !== 'ok') return { failure: `query_user_count answered ${said(a)}` };
  const count = isObject(a.body) ? a.body.user_count : undefined;
  if (typeof count === 'number') return { value: count };
  if (typeof count === 'string' && /^\d+$/.test(count)) return { value: Number(count), choice: COUNT_CHOICES.digits };
  return { failure: `query_user_count answered user_count as ${JSON.stringify(count)}`, choice: COUNT_CHOICES.other };
}
