// `pnpm mock -- --help` prints the options and exits 0, starting no mock.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.mjs', import.meta.url));

it('--help prints every option and exits 0', () => {
  // pnpm hands the script a literal `--` before the flags; execFileSync throws on a non-zero exit.
  for (const args of [['--help'], ['--', '--help']]) {
    const out = execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 10_000 });
    expect(out).toMatch(/^Usage: npx pushapi-mock \[options\]\n.*run mock -- \[options\]/);
    for (const option of ['--port', '--host', '--dynamic', '--seed', '--quiet', '--help'])
      expect(out).toContain(option);
  }
});
