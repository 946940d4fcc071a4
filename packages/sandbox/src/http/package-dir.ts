// The folder of this package (the one holding its package.json), wherever the running code sits in it: dist/ when
// built (one bundle folder), src/<folder>/ when the tests run the sources. The page's build, the version and the
// workspace's reference are found from it, so that moving a source file changes none of them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/** The nearest folder above the running module that holds a package.json: this package's folder. */
export function packageDir(): string {
  if (found !== undefined) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@pushapi/sandbox: no package.json above its code');
    dir = parent;
  }
  found = dir;
  return dir;
}
