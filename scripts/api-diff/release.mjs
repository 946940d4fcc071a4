// What a change to the documents asks of a release: which packages it bumps and at which level, and the
// changeset body that lists the changes by operation (changesets copies it into each CHANGELOG.md).
import fs from 'node:fs';
import path from 'node:path';
import { renderMarkdown } from './render.mjs';

/** The packages that carry the documents to their consumers (types, clients, mock, sandbox), by folder. */
export const DOCUMENT_PACKAGES = {
  '@pushapi/openapi': 'openapi',
  '@pushapi/push-v1-client': 'packages/push-v1-client',
  '@pushapi/dmp-client': 'packages/dmp-client',
  '@pushapi/mock': 'packages/mock',
  '@pushapi/sandbox': 'packages/sandbox',
};
export const LEVELS = ['none', 'patch', 'minor', 'major'];

/**
 * Both breaking classes need the bump: the generated types are unions, and a new answer value breaks every
 * exhaustive switch over them at compile time (TypeScript's `never` check), which is what a major change means.
 */
export const isBreaking = (change) => change.class !== 'non-breaking';

function versionOf(cwd, dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(cwd, dir, 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The level each package needs for `changes`: a breaking one is minor while 0.x and major from 1.0; others patch. */
export function requiredBumps(cwd, changes) {
  if (!changes.length) return {};
  const breaking = changes.some(isBreaking);
  return Object.fromEntries(
    Object.entries(DOCUMENT_PACKAGES).map(([name, dir]) => {
      const major = Number(versionOf(cwd, dir).split('.')[0]);
      return [name, breaking ? (major >= 1 ? 'major' : 'minor') : 'patch'];
    }),
  );
}

/** The text of a changeset file for `changes`. */
export function changesetText(cwd, changes) {
  const bumps = requiredBumps(cwd, changes);
  const front = Object.entries(bumps)
    .map(([name, level]) => `'${name}': ${level}`)
    .join('\n');
  return `---\n${front}\n---\n\n${renderMarkdown(changes)}`;
}
