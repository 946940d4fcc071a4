// Type-checks every generated TypeScript sample against the real client packages with tsc, so a
// sample that no longer compiles (a changed example, path or client option) fails the tests.
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { withCodeSamples } from '../src/code-samples.mjs';
import { listOperations } from '../src/document.mjs';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(docsDir, 'node_modules', '.bin', 'tsc');

const tsconfig = {
  extends: '../../../tsconfig.base.json',
  compilerOptions: { noEmit: true, types: ['node'], declaration: false },
  include: ['*.ts'],
};

// Writes the sources into a fresh folder under docs/.build and runs tsc there.
function typecheck(folder, files) {
  const dir = path.join(docsDir, '.build', folder);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.ts`), source);
  const res = spawnSync(tsc, ['-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

describe('TypeScript samples compile against the clients', () => {
  const samples = {};
  beforeAll(() => {
    for (const api of apis.filter((a) => a.client)) {
      const doc = withCodeSamples(JSON.parse(fs.readFileSync(api.bundle, 'utf8')), api);
      for (const entry of listOperations(doc)) {
        const ts = entry.operation['x-codeSamples'].find((s) => s.label === 'TypeScript client');
        samples[`${api.name}-${entry.operation.operationId}`] = ts.source;
      }
    }
  });

  it('every client of the registry (x-client) is a devDependency of the docs, so that its samples can be checked', () => {
    const own = JSON.parse(fs.readFileSync(path.join(docsDir, 'package.json'), 'utf8')).devDependencies ?? {};
    const missing = apis
      .filter((a) => a.client && !(a.client.package in own))
      .map((a) => `${a.client.package} (apis.${a.name}.x-client)`);
    expect(missing, 'add these to devDependencies of docs/package.json').toEqual([]);
  });

  it('every sample type-checks', () => {
    expect(Object.keys(samples).length).toBeGreaterThan(0);
    const { status, output } = typecheck('samples', samples);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('a sample that does not match the client fails (the check is not vacuous)', () => {
    const good = samples['push-v1-pushSingle'];
    expect(good).toContain("msgtype: 'notification'");
    // The envelope names one template and the body carries another.
    const wrong = good.replace("msgtype: 'notification'", "msgtype: 'link'");
    const unknownPath = samples['push-v1-queryBiTags'].replace("'/query_bi_tags'", "'/query_bi_tag'");
    const { status, output } = typecheck('samples-negative', { wrong, unknownPath });
    expect(status).not.toBe(0);
    expect(output).toContain('wrong.ts');
    expect(output).toContain('unknownPath.ts');
  });
});
