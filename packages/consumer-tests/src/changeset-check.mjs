#!/usr/bin/env node
// @ts-check
// A change to the published documents needs a changeset. The last release of @pushapi/openapi is the
// last commit that wrote openapi/CHANGELOG.md (`changeset version` writes it); any file under openapi/
// changed since then (committed or not), apart from what is never published, must be covered by a
// pending changeset in .changeset/ that names @pushapi/openapi. CI runs this; so can anyone:
// `npx -y pnpm@10.34.9 run changeset:check`.
// It also runs api-diff (scripts/api-diff) against the same release: a breaking change, of either breaking class,
// needs a changeset that bumps every package that carries the documents (release.mjs DOCUMENT_PACKAGES) at the
// level the versions ask (minor while 0.x, major from 1.0); when it fails, it prints the diff.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readChangesets from '@changesets/read';
import { diffWorkingTree } from '../../../scripts/api-diff/bundles.mjs';
import { LEVELS, isBreaking, requiredBumps } from '../../../scripts/api-diff/release.mjs';
import { renderText, summary } from '../../../scripts/api-diff/render.mjs';

export const DOCUMENTS_PACKAGE = '@pushapi/openapi';
export const DOCUMENTS_DIR = 'openapi';
/** Files under openapi/ that are not published and so need no changeset: the tests and the changelog. */
export const UNPUBLISHED = [/^openapi\/test\//, /^openapi\/vitest\.config\.[cm]?[jt]s$/, /^openapi\/CHANGELOG\.md$/];

/** @param {string} cwd @param {string[]} args */
function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/**
 * @typedef {import('../../../scripts/api-diff/types.d.mts').Change} Change
 * @typedef {import('../../../scripts/api-diff/release.d.mts').Level} Level
 * @param {{ cwd: string, diff?: (cwd: string, base: string) => Promise<{ changes: Change[] }> }} options
 *   the repository's root, and the diff to run (api-diff's by default)
 * @returns {Promise<{ ok: boolean, message: string, changed: string[], changes?: Change[] }>}
 */
export async function checkChangesets({ cwd, diff = diffWorkingTree }) {
  const [base] = git(cwd, ['log', '-1', '--format=%H', '--', `${DOCUMENTS_DIR}/CHANGELOG.md`]);
  if (!base) {
    return {
      ok: false,
      changed: [],
      message: `${DOCUMENTS_DIR}/CHANGELOG.md has no commit in this clone, so the last release of ${DOCUMENTS_PACKAGE} is unknown (a shallow clone? fetch the full history).`,
    };
  }
  const changed = [
    ...git(cwd, ['diff', '--name-only', base, '--', `${DOCUMENTS_DIR}/`]),
    ...git(cwd, ['ls-files', '--others', '--exclude-standard', '--', `${DOCUMENTS_DIR}/`]),
  ].filter((file, i, all) => all.indexOf(file) === i && !UNPUBLISHED.some((pattern) => pattern.test(file)));
  if (changed.length === 0)
    return {
      ok: true,
      changed,
      message: `no change under ${DOCUMENTS_DIR}/ since its last release (${base.slice(0, 12)})`,
    };

  const pending = await readChangesets(cwd);
  const covering = pending.filter((c) => c.releases.some((r) => r.name === DOCUMENTS_PACKAGE));
  if (covering.length) {
    const { changes } = await diff(cwd, base);
    const short = bumpsShort(cwd, changes, pending);
    if (short.length) {
      return {
        ok: false,
        changed,
        changes,
        message:
          `the documents changed since the last release of ${DOCUMENTS_PACKAGE} (${base.slice(0, 12)}) in a way that breaks consumers, ` +
          `but the pending changesets do not bump every package that carries them far enough:\n${short.map((s) => `  ${s}`).join('\n')}\n` +
          `${diffSection(changes)}\n${WRITE_ONE}`,
      };
    }
    return {
      ok: true,
      changed,
      changes,
      message:
        `${changed.length} file(s) under ${DOCUMENTS_DIR}/ changed since its last release, covered by changeset ${covering.map((c) => `.changeset/${c.id}.md`).join(', ')}; ` +
        `api-diff: ${summary(changes)}`,
    };
  }
  const list =
    changed
      .slice(0, 20)
      .map((f) => `  ${f}`)
      .join('\n') + (changed.length > 20 ? `\n  ... and ${changed.length - 20} more` : '');
  const found = await diff(cwd, base).then(
    ({ changes }) => ({ changes, text: diffSection(changes) }),
    (error) => ({ changes: undefined, text: `(api-diff could not run: ${error.message})` }),
  );
  return {
    ok: false,
    changed,
    changes: found.changes,
    message:
      `These files under ${DOCUMENTS_DIR}/ changed since the last release of ${DOCUMENTS_PACKAGE} (${base.slice(0, 12)}), ` +
      `but no changeset in .changeset/ names ${DOCUMENTS_PACKAGE}:\n${list}\n${found.text}\n` +
      `Add one with \`npx -y pnpm@10.34.9 changeset\` (choose ${DOCUMENTS_PACKAGE}, say what changed for its users) and commit it with the change; ${WRITE_ONE}`,
  };
}

const WRITE_ONE =
  '`npx -y pnpm@10.34.9 run api-diff -- --changeset <name>` writes a changeset with the bumps the changes need and the changes by operation as its text.';

/** @param {Change[]} changes */
const diffSection = (changes) => `The diff (npx -y pnpm@10.34.9 run api-diff):\n${renderText(changes)}`;

/**
 * The packages whose pending bump is below what the changes need, as lines `name: needs minor, has patch`.
 * @param {string} cwd @param {Change[]} changes @param {Awaited<ReturnType<typeof readChangesets>>} pending
 */
function bumpsShort(cwd, changes, pending) {
  if (!changes.some(isBreaking)) return [];
  const rank = (/** @type {string} */ level) => LEVELS.indexOf(/** @type {Level} */ (level));
  return Object.entries(requiredBumps(cwd, changes)).flatMap(([name, level]) => {
    const highest = pending
      .flatMap((c) => c.releases)
      .filter((r) => r.name === name)
      .reduce((top, r) => (rank(r.type) > rank(top) ? r.type : top), 'none');
    return rank(highest) >= rank(level) ? [] : [`${name}: needs ${level}, has ${highest}`];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cwd = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const result = await checkChangesets({ cwd }).catch((/** @type {Error} */ error) => ({
    ok: false,
    message: error.message,
  }));
  (result.ok ? console.log : console.error)(`changeset check: ${result.message}`);
  process.exitCode = result.ok ? 0 : 1;
}
