// Packs every public package once per run, into a temporary folder outside the workspace, and removes
// it afterwards: the tests install these tarballs exactly as a registry user would get them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { packPublicPackages } from '../src/workspace.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** package name -> tarball path */
    tarballs: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-packs-'));
  project.provide('tarballs', Object.fromEntries(await packPublicPackages(dir)));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
