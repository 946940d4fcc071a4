// @ts-check
// The workspace as the consumer tests see it: its root, its public packages (every workspace package
// not marked `private`), packing them the way `pnpm publish` does, and the tools a consumer uses.
import fs from 'node:fs';
import path from 'node:path';

// Public packages and their packing live in the root's scripts/pack.mjs (`run pack`): the consumer tests pack
// with the very code that makes the tarballs the README tells a consumer to install.
export {
  installLines,
  packPublicPackages,
  pnpm,
  publicPackages,
  tarballName,
  withPublicDependencies,
  workspaceRoot,
} from '../../../scripts/pack.mjs';
import { workspaceRoot } from '../../../scripts/pack.mjs';

/** The exact versions the workspace itself uses for a consumer's dev tools (one fact, one place). */
export function workspaceToolVersions() {
  const root = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
  return { typescript: root.devDependencies.typescript, '@types/node': root.devDependencies['@types/node'] };
}
