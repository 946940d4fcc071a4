#!/usr/bin/env node
// @ts-check
// The change gate. Since the last release of @pushapi/openapi (the last commit that wrote openapi/CHANGELOG.md,
// which `changeset version` writes), every finding of api-diff (scripts/api-diff) on the published documents that
// a consumer must hear of (breaking, breaking for exhaustive clients, or to review) must be named by id in a pending
// changeset, or accepted with a reason in .changeset/api-diff-accepted.json. A finding is named exactly (its id ends
// in a digest of what changed), so a changeset written for an earlier change covers nothing new; a named id that no
// longer matches a finding is stale (the changelog would say something untrue) and fails too, as does a changeset
// still waiting for a maintainer's sentence. The pending changesets must bump each package that carries a changed
// API far enough (minor while 0.x, major from 1.0), and any change of a published file under openapi/ needs a
// changeset naming @pushapi/openapi. The diff runs whenever anything that shapes a published document changed
// (openapi/, redocly.yaml, scripts/): both sides are built by their own bundle script with their own root config.
// CI runs this on a fresh clone of main; so can anyone: `npx -y pnpm@10.34.9 run changeset:check`.
// `--usage FILE` (the ledgers `pushapi-sandbox usage --out FILE` collected) prints beside each breaking change the
// recorded apps it hits ("hits 2 apps of 1 team: ci-web-7 (12 calls), …" or "hits no recorded app"), with api-diff's
// own code (scripts/api-diff/usage.mjs); a file that cannot be read or does not match usage.schema.json fails the
// check with a message naming the file and what is wrong. A relative FILE is read from where pnpm was started.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import readChangesets from '@changesets/read';
import { diffWorkingTree } from '../../../scripts/api-diff/bundles.mjs';
import { ACCEPTED_FILE } from '../../../scripts/api-diff/ledger.mjs';
import { LEVELS, requiredBumps } from '../../../scripts/api-diff/release.mjs';
import { renderText, summary } from '../../../scripts/api-diff/render.mjs';
import { changeAtHand, releaseState } from '../../../scripts/api-diff/state.mjs';
import { SHAPING } from '../../../scripts/api-diff/tree.mjs';
import { hitsBlock, readUsage, withHits } from '../../../scripts/api-diff/usage.mjs';

export const DOCUMENTS_PACKAGE = '@pushapi/openapi';
export const DOCUMENTS_DIR = 'openapi';
/** Files under openapi/ that are not published and so need no changeset: the tests and the changelog. */
export const UNPUBLISHED = [/^openapi\/test\//, /^openapi\/vitest\.config\.[cm]?[jt]s$/, /^openapi\/CHANGELOG\.md$/];

/** @param {string} cwd @param {string[]} args */
function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** Files under `paths` changed since `base`, committed or not (new files too). @param {string} cwd @param {string} base @param {string[]} paths */
function changedSince(cwd, base, paths) {
  return [
    ...git(cwd, ['diff', '--name-only', base, '--', ...paths]),
    ...git(cwd, ['ls-files', '--others', '--exclude-standard', '--', ...paths]),
  ].filter((file, i, all) => all.indexOf(file) === i && !UNPUBLISHED.some((pattern) => pattern.test(file)));
}

/**
 * @typedef {import('../../../scripts/api-diff/types.d.mts').Change} Change
 * @param {{ cwd: string, diff?: (cwd: string, base: string) => Promise<{ changes: Change[] }>, usage?: string }} options
 *   the repository's root, the diff to run (api-diff's by default), and a usage file (its path as given, read from
 *   the current folder) whose hits are told beside each breaking change
 * @returns {Promise<{ ok: boolean, message: string, changed: string[], changes?: Change[], uncovered?: Change[] }>}
 */
export async function checkChangesets({ cwd, diff = diffWorkingTree, usage }) {
  /** @type {any[] | undefined} */
  let ledgers;
  if (usage !== undefined) {
    try {
      ledgers = readUsage(usage);
    } catch (error) {
      return { ok: false, changed: [], message: /** @type {Error} */ (error).message };
    }
  }
  const [base] = git(cwd, ['log', '-1', '--format=%H', '--', `${DOCUMENTS_DIR}/CHANGELOG.md`]);
  if (!base) {
    return {
      ok: false,
      changed: [],
      message: `${DOCUMENTS_DIR}/CHANGELOG.md has no commit in this clone, so the last release of ${DOCUMENTS_PACKAGE} is unknown (a shallow clone? fetch the full history).`,
    };
  }
  const changed = changedSince(cwd, base, [`${DOCUMENTS_DIR}/`]);
  const shaping = changedSince(cwd, base, SHAPING);
  if (!shaping.length)
    return {
      ok: true,
      changed,
      message: `nothing that shapes the published documents changed since the last release (${base.slice(0, 12)})`,
    };
  const diffed = (await diff(cwd, base)).changes;
  const changes = ledgers ? withHits(diffed, ledgers) : diffed;
  const state = releaseState(cwd, base, changes);
  const pending = await readChangesets(cwd);
  const problems = [
    fileRule(changed, pending),
    await uncoveredProblem(cwd, state),
    staleProblem(state),
    state.unfinished.length
      ? `these changesets still wait for a maintainer's sentence (a line starting MAINTAINER:): ${state.unfinished.map((n) => `.changeset/${n}.md`).join(', ')}`
      : '',
    bumpsProblem(cwd, state, pending),
  ].filter(Boolean);
  const head = `since the last release of ${DOCUMENTS_PACKAGE} (${base.slice(0, 12)}), api-diff: ${summary(changes)}`;
  const note = state.note ? `\nnote: ${state.note}` : '';
  const hits = ledgers && usage ? `\n\n${hitsBlock(changes, usage)}` : '';
  if (problems.length)
    return {
      ok: false,
      changed,
      changes,
      uncovered: state.uncovered,
      message: `${head}${hits}\n\n${problems.join('\n\n')}${note}`,
    };
  const named = state.changesets.filter((c) => c.ids.length).map((c) => `.changeset/${c.name}.md`);
  return {
    ok: true,
    changed,
    changes,
    uncovered: [],
    message: `${head}; every finding a consumer must hear of is named (${named.join(', ') || 'no changeset'}) or accepted (${ACCEPTED_FILE}: ${state.accepted.size})${hits}${note}`,
  };
}

const WRITE_ONE =
  '`npx -y pnpm@10.34.9 run api-diff -- --changeset <name>` writes a changeset for the change at hand: the bumps it needs, the entry in plain words and the ids of its findings.';

/** @param {string[]} changed @param {Awaited<ReturnType<typeof readChangesets>>} pending */
function fileRule(changed, pending) {
  if (!changed.length || pending.some((c) => c.releases.some((r) => r.name === DOCUMENTS_PACKAGE))) return '';
  const list = changed.slice(0, 20).map((f) => `  ${f}`);
  if (changed.length > 20) list.push(`  ... and ${changed.length - 20} more`);
  return `these published files under ${DOCUMENTS_DIR}/ changed, but no changeset in .changeset/ names ${DOCUMENTS_PACKAGE}:\n${list.join('\n')}\nAdd one with \`npx -y pnpm@10.34.9 changeset\` (choose ${DOCUMENTS_PACKAGE}, say what changed for its users) or ${WRITE_ONE}`;
}

/** @param {string} cwd @param {ReturnType<typeof releaseState>} state */
async function uncoveredProblem(cwd, state) {
  if (!state.uncovered.length) return '';
  const hand = changeAtHand(cwd, { ...state, unnamed: state.uncovered });
  const onMain = hand.onMainAlready.length
    ? `\n${hand.onMainAlready.length} of them were already at the merge base with ${hand.branch.upstream} (${hand.branch.base.slice(0, 12)}): main's to name, not this branch's.`
    : '';
  return `${state.uncovered.length} finding(s) that a consumer must hear of are named by no pending changeset and accepted in no ${ACCEPTED_FILE}:${onMain}\nThe diff (npx -y pnpm@10.34.9 run api-diff):\n${renderText(state.uncovered)}\n${WRITE_ONE}`;
}

/** @param {ReturnType<typeof releaseState>} state */
function staleProblem(state) {
  if (!state.stale.length) return '';
  const lines = state.stale.map((s) => `  ${s.id} (${s.changesets.map((n) => `.changeset/${n}.md`).join(', ')})`);
  return `these findings named in pending changesets are no longer found since the release (a later change replaced or undid them): edit or remove those changesets, then write one for what is there now:\n${lines.join('\n')}`;
}

/**
 * The packages whose pending bump is below what the named findings need, as lines `name: needs minor, has patch`.
 * @param {string} cwd @param {ReturnType<typeof releaseState>} state @param {Awaited<ReturnType<typeof readChangesets>>} pending
 */
function bumpsProblem(cwd, state, pending) {
  const judged = state.findings.filter((f) => !state.accepted.has(f.id) && f.class !== 'non-breaking');
  const rank = (/** @type {string} */ level) => LEVELS.indexOf(/** @type {any} */ (level));
  const short = Object.entries(requiredBumps(cwd, judged)).flatMap(([name, level]) => {
    const highest = pending
      .flatMap((c) => c.releases)
      .filter((r) => r.name === name)
      .reduce((top, r) => (rank(r.type) > rank(top) ? r.type : top), 'none');
    return rank(highest) >= rank(level) ? [] : [`  ${name}: needs ${level}, has ${highest}`];
  });
  if (!short.length) return '';
  return `the pending changesets do not bump every package that carries a changed API far enough:\n${short.join('\n')}\n${WRITE_ONE}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const USAGE = 'usage: npx -y pnpm@10.34.9 run changeset:check [--usage FILE]';
  /** @type {string | undefined} */
  let usage;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2).filter((arg) => arg !== '--'), // pnpm passes the separator through
      options: { usage: { type: 'string' } },
      strict: true,
    });
    // pnpm runs this in packages/consumer-tests: a relative path is the user's, from where pnpm was started.
    usage = values.usage === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), values.usage);
  } catch (error) {
    console.error(`changeset check: ${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exit(2);
  }
  const cwd = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const result = await checkChangesets({ cwd, usage }).catch((/** @type {Error} */ error) => ({
    ok: false,
    message: error.message,
  }));
  (result.ok ? console.log : console.error)(`changeset check: ${result.message}`);
  process.exitCode = result.ok ? 0 : 1;
}
