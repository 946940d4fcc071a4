// The guide "Testing with the sandbox" shows files, not snippets: docs/examples/testing. Here they are
// type-checked, the Vitest example run with Vitest and the Jest example compiled with tsc and run with Jest, each
// against a real sandbox; and the built page is checked to show each file as it is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const examples = path.join(docsDir, 'examples', 'testing');
const bin = (name) => path.join(docsDir, 'node_modules', '.bin', name);

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, {
    cwd: docsDir,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1', ...env },
    timeout: 240_000,
  });
  return { status: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
};

/** How many tests a file declares (`it(` at the start of a line, after indentation). */
const declared = (file) => fs.readFileSync(file, 'utf8').match(/^\s*it\(/gm)?.length ?? 0;

describe('the examples of the testing guide', () => {
  it('type-check with tsc (strict)', () => {
    const { status, output } = run(bin('tsc'), ['-p', path.join(examples, 'tsconfig.json')]);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('the Vitest example passes against a sandbox started by its global setup', () => {
    const { status, output } = run(bin('vitest'), [
      'run',
      '--root',
      path.join(examples, 'vitest'),
      '--reporter',
      'verbose',
    ]);
    expect(output, output).toMatch(
      new RegExp(`Tests +${declared(path.join(examples, 'vitest', 'checkout.test.ts'))} passed`),
    );
    expect(status).toBe(0);
  });

  it('the Jest example, compiled by tsc, passes under Jest', () => {
    // A copy under .build keeps the compiled files out of the sources; from out/, ../world.yaml is the copy's.
    const copy = path.join(docsDir, '.build', 'testing-examples');
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(examples, copy, { recursive: true });
    const tsconfig = {
      extends: '../../../tsconfig.base.json',
      compilerOptions: { declaration: false, types: ['node'], outDir: 'out', rootDir: 'jest' },
      include: ['jest/*.ts'],
    };
    fs.writeFileSync(path.join(copy, 'tsconfig.emit.json'), JSON.stringify(tsconfig));
    const compiled = run(bin('tsc'), ['-p', path.join(copy, 'tsconfig.emit.json')]);
    expect(compiled.output).toBe('');
    const jest = path.join(docsDir, 'node_modules', 'jest', 'bin', 'jest.js');
    const { status, output } = run(process.execPath, [
      '--experimental-vm-modules',
      jest,
      '--config',
      path.join(copy, 'jest', 'jest.config.mjs'),
      '--rootDir',
      path.join(copy, 'out'),
      '--ci',
    ]);
    expect(output, output).toMatch(
      new RegExp(
        `Tests: +${declared(path.join(examples, 'jest', 'shop.test.ts'))} passed, ${declared(path.join(examples, 'jest', 'shop.test.ts'))} total`,
      ),
    );
    expect(status).toBe(0);
  });

  it('a failing example fails the run (the checks above are not vacuous)', () => {
    const copy = path.join(docsDir, '.build', 'testing-examples-broken');
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(examples, copy, { recursive: true });
    const test = path.join(copy, 'vitest', 'checkout.test.ts');
    fs.writeFileSync(
      test,
      fs
        .readFileSync(test, 'utf8')
        .replace("expect(message.via).toBe('offline')", "expect(message.via).toBe('online')"),
    );
    const { status, output } = run(bin('vitest'), ['run', '--root', path.join(copy, 'vitest')]);
    expect(output).toMatch(/1 failed/);
    expect(status).not.toBe(0);
  });

  it('the built guide shows every example file as it is', () => {
    const page = fs.readFileSync(path.join(docsDir, 'site', 'testing.html'), 'utf8');
    const shown = (text) =>
      text
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
    for (const file of [
      'world.yaml',
      'vitest/global-setup.ts',
      'vitest/vitest.config.ts',
      'vitest/checkout.test.ts',
      'jest/jest.config.mjs',
      'jest/shop.test.ts',
    ]) {
      expect(page.includes(shown(fs.readFileSync(path.join(examples, file), 'utf8').trimEnd())), file).toBe(true);
    }
  });
});
