// Which recorded apps each change hits, from the usage ledgers `pushapi-sandbox usage --out FILE` collected
// (@pushapi/sandbox/usage.schema.json). A ledger names the places an app's calls met as this diff writes `where`
// (less the oneOf variant `<title>` and media type `[type]` segments, which a call's data does not show), so:
// - a removed operation, a new required field, parameter or body, a security or server change: every app that
//   called the operation (old code sends none of the new, and every call meets the operation's security);
// - a request value removed: the apps that sent that value; any other request change at a place: the apps that sent it;
//   a changed request default: the apps that called the operation without sending the field;
// - an answer change at a place (a field removed or changed, a new enum value): the apps that received it;
//   an answer header: the apps that got that status; a new status: every app that called the operation.
import fs from 'node:fs';

/** The ledgers of a usage file; throws with a plain message when it is not one. */
export function readUsage(file) {
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw Object.assign(new Error(`--usage ${file} cannot be read as JSON (${error.code ?? error.message})`), {
      usage: true,
    });
  }
  if (!Array.isArray(parsed?.apps))
    throw Object.assign(new Error(`--usage ${file} has no "apps" list: write it with pushapi-sandbox usage --out`), {
      usage: true,
    });
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

/** The human form's block: each change that hits an app or is not non-breaking, with its hits. */
export function hitsBlock(changes, file) {
  const lines = [`hits, from the usage ledgers in ${file}:`];
  for (const c of changes)
    if (c.class !== 'non-breaking' || c.hits.length)
      lines.push(`  ${c.api} ${c.operationId} ${c.where}: ${c.change} (${c.class}): ${hitsText(c.hits)}`);
  return lines.join('\n');
}
