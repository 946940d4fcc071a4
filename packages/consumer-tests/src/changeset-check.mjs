#!/usr/bin/env node
// @ts-check
// A change to the published documents needs a changeset. The last release of @pushapi/openapi is the
// last commit that wrote openapi/CHANGELOG.md (`changeset version` writes it); any file under openapi/
// changed since then (committed or not), apart from what is never published, must be covered by a
// pending changeset in .changeset/ that names @pushapi/openapi. CI runs this; so can anyone:
// `npx -y pnpm@10.34.9 run changeset:check`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readChangesets from '@changesets/read';

export const DOCUMENTS_PACKAGE = '@pushapi/openapi';
export const DOCUMENTS_DIR = 'openapi';
/** Files under openapi/ that are not published and so need no changeset: the tests and the changelog. */
export const UNPUBLISHED = [/^openapi\/test\//, /^openapi\/vitest\.config\.[cm]?[jt]s$/, /^openapi\/CHANGELOG\.md$/];

/** @param {string} cwd @param {string[]} args */
function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/**
 * @param {{ cwd: string }} options  the repository's root
 * @returns {Promise<{ ok: boolean, message: string, changed: string[] }>}
 */
export async function checkChangesets({ cwd }) {
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
  if (changed.length === 0) return { ok: true, changed, message: `no change under ${DOCUMENTS_DIR}/ since its last release (${base.slice(0, 12)})` };

  const pending = await readChangesets(cwd);
  const covering = pending.filter((c) => c.releases.some((r) => r.name === DOCUMENTS_PACKAGE));
  if (covering.length) {
    return {
      ok: true,
      changed,
      message: `${changed.length} file(s) under ${DOCUMENTS_DIR}/ changed since its last release, covered by changeset ${covering.map((c) => `.changeset/${c.id}.md`).join(', ')}`,
    };
  }
  const list = changed.slice(0, 20).map((f) => `  ${f}`).join('\n') + (changed.length > 20 ? `\n  ... and ${changed.length - 20} more` : '');
  return {
    ok: false,
    changed,
    message:
      `These files under ${DOCUMENTS_DIR}/ changed since the last release of ${DOCUMENTS_PACKAGE} (${base.slice(0, 12)}), ` +
      `but no changeset in .changeset/ names ${DOCUMENTS_PACKAGE}:\n${list}\n` +
      `Add one with \`npx -y pnpm@10.34.9 changeset\` (choose ${DOCUMENTS_PACKAGE}, say what changed for its users) and commit it with the change.`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cwd = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const result = await checkChangesets({ cwd });
  (result.ok ? console.log : console.error)(`changeset check: ${result.message}`);
  process.exitCode = result.ok ? 0 : 1;
}
