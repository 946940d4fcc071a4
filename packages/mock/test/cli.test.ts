// `pnpm mock -- --help` prints the options and exits 0, starting no mock.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.mjs', import.meta.url));

// Two processes started one after the other: on a busy machine that is longer than this package's 60 s default.
it('--help prints every option and exits 0', { timeout: 300_000 }, async () => {
  // pnpm hands the script a literal `--` before the flags; execFile rejects on a non-zero exit. No deadline of its
  // own (a busy machine starts a process slowly): the test's timeout guards a hang.
  for (const args of [['--help'], ['--', '--help']]) {
    const { stdout: out } = await promisify(execFile)(process.execPath, [cli, ...args], { encoding: 'utf8' });
    expect(out).toMatch(/^Usage: npx pushapi-mock \[options\]\n.*run mock -- \[options\]/);
    for (const option of ['--port', '--host', '--dynamic', '--seed', '--quiet', '--help'])
      expect(out).toContain(option);
  }
});
