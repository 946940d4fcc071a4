// What a change to the documents asks of a release: which packages it bumps and at which level (only the packages
// that carry the API that changed), and the changeset that documents it (changesets copies its text into each
// bumped package's CHANGELOG.md).
import fs from 'node:fs';
import path from 'node:path';
import { findingsBlock } from './ledger.mjs';
import { renderMarkdown } from './render.mjs';

/** The packages that carry the documents to their consumers (types, clients, mock, sandbox), by folder. */
export const DOCUMENT_PACKAGES = {
  '@pushapi/openapi': 'openapi',
  '@pushapi/push-v1-client': 'packages/push-v1-client',
  '@pushapi/dmp-client': 'packages/dmp-client',
  '@pushapi/mock': 'packages/mock',
  '@pushapi/sandbox': 'packages/sandbox',
};
/** Which of them carry each API: a DMP change is no news to the push v1 client's users. */
export const API_PACKAGES = {
  'push-v1': ['@pushapi/openapi', '@pushapi/push-v1-client', '@pushapi/mock', '@pushapi/sandbox'],
  dmp: ['@pushapi/openapi', '@pushapi/dmp-client', '@pushapi/mock', '@pushapi/sandbox'],
};
export const LEVELS = ['none', 'patch', 'minor', 'major'];

/**
 * Both breaking classes need the bump: the generated types are unions, and a new answer value breaks every
 * exhaustive switch over them at compile time (TypeScript's `never` check), which is what a major change means.
 * A finding to review that a changeset names is one the maintainer judged breaking (else it is accepted).
 */
export const isBreaking = (change) => change.class !== 'non-breaking';

function versionOf(cwd, dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(cwd, dir, 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const packagesOf = (api) => API_PACKAGES[api] ?? Object.keys(DOCUMENT_PACKAGES);

/** The level each package needs for `changes`: a breaking one is minor while 0.x and major from 1.0; others patch. */
export function requiredBumps(cwd, changes) {
  const bumps = {};
  const rank = (level) => LEVELS.indexOf(level);
  for (const change of changes) {
    for (const name of packagesOf(change.api)) {
      const major = Number(versionOf(cwd, DOCUMENT_PACKAGES[name]).split('.')[0]);
      const level = isBreaking(change) ? (major >= 1 ? 'major' : 'minor') : 'patch';
      if (rank(level) > rank(bumps[name] ?? 'none')) bumps[name] = level;
    }
  }
  return bumps;
}

/** The text of a changeset file for `changes`: the bumps, the entry, and the ids of the findings it documents. */
export function changesetText(cwd, changes) {
  const bumps = requiredBumps(cwd, changes);
  const front = Object.keys(DOCUMENT_PACKAGES)
    .filter((name) => bumps[name])
    .map((name) => `'${name}': ${bumps[name]}`)
    .join('\n');
  return `---\n${front}\n---\n\n${renderMarkdown(changes, { ask: true })}\n${findingsBlock(changes.map((c) => c.id))}`;
}
