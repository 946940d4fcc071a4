// Which recorded apps each change hits, from the usage ledgers `pushapi-sandbox usage --out FILE` collected
// (@pushapi/sandbox/usage.schema.json). A ledger names the places an app's calls met as this diff writes `where`
// (less the oneOf variant `<title>` and media type `[type]` segments, which a call's data does not show), so:
// - a removed operation, a new required field, parameter or body, a security or server change: every app that
//   called the operation (old code sends none of the new, and every call meets the operation's security);
// - a request value removed: the apps that sent that value; any other request change at a place: the apps that sent it;
//   a changed request default: the apps that called the operation without sending the field;
// - an answer change at a place (a field removed or changed, a new enum value): the apps that received it;
//   an answer header: the apps that got that status; a new status: every app that called the operation.
//
// A team is an appid's prefix as the team service defines it: the prefix of the team token (`--app-token
// <prefix>=<token>`, the same prefixes as deploy/teams.map) whose apps include the appid. The sandbox writes it in
// each ledger's `team` (null when no team token covers the app), and the hits text counts those.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The usage file's JSON Schema, as the sandbox publishes it. */
export const USAGE_SCHEMA = fileURLToPath(new URL('../../packages/sandbox/usage.schema.json', import.meta.url));
const SCHEMA_NAME = 'packages/sandbox/usage.schema.json';

const typeOf = (value) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/**
 * The first place where `value` does not match `schema` (the keywords usage.schema.json uses: type, required,
 * properties, items, allOf, $ref to its $defs, enum, minimum), as "at <place>: <what>", or '' when it matches.
 */
function mismatch(value, schema, root, at) {
  if (schema.$ref) {
    const found = mismatch(value, root.$defs[schema.$ref.replace('#/$defs/', '')], root, at);
    if (found) return found;
  }
  for (const part of schema.allOf ?? []) {
    const found = mismatch(value, part, root, at);
    if (found) return found;
  }
  const where = at || 'the top level';
  const actual = typeOf(value);
  if (schema.type) {
    const types = [schema.type].flat();
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
      return `at ${where}: must be ${types.join(' or ')}, is ${actual}`;
  }
  if (schema.enum && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value)))
    return `at ${where}: must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}, is ${JSON.stringify(value)}`;
  if (schema.minimum !== undefined && typeof value === 'number' && value < schema.minimum)
    return `at ${where}: must be at least ${schema.minimum}, is ${value}`;
  if (actual === 'object') {
    for (const key of schema.required ?? [])
      if (!(key in value)) return `at ${where}: the required field "${key}" is missing`;
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      if (key in value) {
        const found = mismatch(value[key], sub, root, at ? `${at}.${key}` : key);
        if (found) return found;
      }
  }
  if (actual === 'array' && schema.items)
    for (const [i, item] of value.entries()) {
      const found = mismatch(item, schema.items, root, `${at}[${i}]`);
      if (found) return found;
    }
  return '';
}

const usageError = (message) => Object.assign(new Error(message), { usage: true });

/**
 * The ledgers of a usage file; throws (error.usage true) with a message naming the file and what is wrong when it
 * cannot be read, is not JSON, or does not match usage.schema.json.
 */
export function readUsage(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const why =
      error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a folder, not a file' : error.code;
    throw usageError(
      `--usage ${file}: cannot be read (${why ?? error.message}); write it with pushapi-sandbox usage --out ${file}`,
    );
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usageError(`--usage ${file}: is not JSON (${error.message})`);
  }
  const schema = JSON.parse(fs.readFileSync(USAGE_SCHEMA, 'utf8'));
  const found = mismatch(parsed, schema, schema, '');
  if (found)
    throw usageError(
      `--usage ${file}: does not match ${SCHEMA_NAME} ${found}; write it with pushapi-sandbox usage --out ${path.basename(file)}`,
    );
  return parsed.apps;
}

/** A place as a ledger writes it: no variant or media type segment. */
const plain = (where) => where.replace(/<[^<>]*>/g, '').replace(/\[[^\]]*\/[^\]]*\]/g, '');

const EVERY_CALLER =
  /^request-(required-(parameter|property|body)-added|(parameter|body|property)-became-required|security|server)/;

/** The calls of one app that a change meets (0: none). */
function callsMeeting(change, op) {
  const where = plain(change.where);
  const field = (at) => [...op.request, ...op.response].find((f) => f.where === at);
  if (change.where === 'operation' || EVERY_CALLER.test(change.check) || change.check === 'response-status-added')
    return op.calls;
  if (change.check === 'request-default-changed') return op.calls - (field(where)?.calls ?? 0);
  const header = /^response\.([^.]+)\.header\./.exec(where);
  if (header) return op.outcomes.filter((o) => String(o.status) === header[1]).reduce((n, o) => n + o.calls, 0);
  const met = field(where);
  if (!met) return 0;
  if (change.check === 'request-value-removed') {
    const value = JSON.parse(/^value (.*) removed$/.exec(change.change)?.[1] ?? 'null');
    return met.values?.find((v) => v.value === value)?.calls ?? 0;
  }
  return met.calls;
}

/** The apps whose recorded use meets the change, most calls first. */
export function hitsOf(change, ledgers) {
  const hits = [];
  for (const ledger of ledgers) {
    const op = ledger.operations.find((o) => o.api === change.api && o.operationId === change.operationId);
    const calls = op ? callsMeeting(change, op) : 0;
    if (calls > 0) hits.push({ appid: ledger.appid, calls, team: ledger.team ?? null });
  }
  return hits.sort((a, b) => b.calls - a.calls || a.appid.localeCompare(b.appid));
}

/** Each change with its `hits` ([{appid, calls}]; the team is kept for the text). */
export const withHits = (changes, ledgers) => changes.map((c) => ({ ...c, hits: hitsOf(c, ledgers) }));

/** "hits 2 apps of 1 team: ci-web-7 (12 calls), …", or "hits no recorded app". */
export function hitsText(hits) {
  if (!hits.length) return 'hits no recorded app';
  const teams = new Set(hits.flatMap((h) => (h.team === null ? [] : [h.team]))).size;
  const apps = hits.map((h) => `${h.appid} (${h.calls} call${h.calls === 1 ? '' : 's'})`).join(', ');
  // An app no team token covers (a sandbox without app tokens) belongs to no team: said so, not counted as one.
  const of = teams > 0 ? ` of ${teams} team${teams === 1 ? '' : 's'}` : ' of no team';
  return `hits ${hits.length} app${hits.length === 1 ? '' : 's'}${of}: ${apps}`;
}

/** The `--json` form of a change's hits. */
export const hitsJson = (hits) => hits.map(({ appid, calls }) => ({ appid, calls }));

/**
 * Whether a change's hits are told (the human form, the gate, the changeset text): when a usage file gave it `hits`,
 * for each change a consumer must hear of, and for any other change that meets a recorded app.
 */
export const tellsHits = (change) =>
  Array.isArray(change.hits) && (change.class !== 'non-breaking' || change.hits.length > 0);

/** The human form's block: each change that hits an app or is not non-breaking, with its hits. */
export function hitsBlock(changes, file) {
  const lines = [`hits, from the usage ledgers in ${file}:`];
  for (const c of changes)
    if (tellsHits(c))
      lines.push(`  ${c.api} ${c.operationId} ${c.where}: ${c.change} (${c.class}): ${hitsText(c.hits)}`);
  return lines.join('\n');
}
