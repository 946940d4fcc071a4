// @ts-check
// Where things are, relative to this package.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
/** The client packages whose size-limit config the size section runs. */
export const clientPackages = [
  { name: '@pushapi/push-v1-client', dir: path.join(repoRoot, 'packages', 'push-v1-client') },
  { name: '@pushapi/dmp-client', dir: path.join(repoRoot, 'packages', 'dmp-client') },
];
