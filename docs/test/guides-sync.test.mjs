// The guides hold their code and facts in the Markdown (between the markers of src/guide-regions.mjs): the drift
// check fails when a guide and the example files or the documents disagree, as the generated types' check does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir, examplesDir, guideStates, guideValues, guidesDir } from '../src/guides-sync.mjs';

const guides = fs.readdirSync(guidesDir).filter((f) => f.endsWith('.md'));
const read = (file) => fs.readFileSync(path.join(guidesDir, file), 'utf8');
const stale = (states) => states.filter((g) => g.current !== g.expected).map((g) => g.file);

describe('the guides as Markdown', () => {
  it('hold no {{placeholder}}: what a reader of the repository sees is complete', () => {
    for (const file of guides) expect(read(file), file).not.toMatch(/\{\{/);
  });

  it('agree with the example files and the documents (drift check: `node src/guides-sync.mjs --check`)', () => {
    const check = spawnSync(process.execPath, ['src/guides-sync.mjs', '--check'], { cwd: docsDir, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(stale(guideStates())).toEqual([]);
  });

  it('the drift check sees a changed example file', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-examples-'));
    try {
      fs.cpSync(examplesDir, copy, { recursive: true });
      const world = path.join(copy, 'testing', 'world.yaml');
      fs.writeFileSync(world, fs.readFileSync(world, 'utf8').replace('appid: shop', 'appid: shop2'));
      expect(stale(guideStates(guideValues(), copy))).toEqual(['docs/guides/testing.md']);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('the drift check sees a changed document fact, block or inline', () => {
    const values = guideValues();
    expect(
      stale(
        guideStates({
          ...values,
          'push-v1.operationTable': `${values['push-v1.operationTable']}\n| extra | row | x |`,
        }),
      ),
    ).toEqual(['docs/guides/index.md']);
    expect(stale(guideStates({ ...values, 'push-v1.knownResultCount': '999' }))).toEqual(['docs/guides/errors.md']);
  });

  it('show every example file that the guide tests run (all of docs/examples but the tsconfig)', () => {
    const shown = new Set(
      guides.flatMap((file) => [...read(file).matchAll(/^<!-- example: (\S+) -->$/gm)].map((m) => m[1])),
    );
    const files = fs.readdirSync(examplesDir, { recursive: true }).map((f) => String(f).split(path.sep).join('/'));
    // Not the caches a run of the examples leaves beside them (vitest writes node_modules/.vite/ there).
    const examples = files.filter(
      (f) =>
        !f.split('/').includes('node_modules') &&
        fs.statSync(path.join(examplesDir, f)).isFile() &&
        !f.endsWith('tsconfig.json'),
    );
    expect([...shown].sort()).toEqual(examples.sort());
  });

  it('link only to operations that the references have', () => {
    const values = guideValues();
    const anchors = new Set(
      Object.entries(values)
        .filter(([key]) => /\.link\./.test(key))
        .map(([, link]) => link),
    );
    const links = guides.flatMap((file) =>
      [...read(file).matchAll(/\]\(([\w-]+\.html#\/[^)]+)\)/g)].map((m) => [file, m[1]]),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const [file, link] of links) expect(anchors.has(link), `${file}: ${link}`).toBe(true);
  });
});
