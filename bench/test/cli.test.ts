// `run bench -- --help` prints the options and exits 0; a wrong option says so, without a stack trace, and exits 2.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { parseArgs, SECTION_IDS } from '../src/main.mjs';

const command = fileURLToPath(new URL('../../scripts/bench.mjs', import.meta.url));
// No deadline of its own: at a load of 29 the command had not answered within 30 s; the test's timeout guards a hang.
const run = (...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [command, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });

it('--help prints every option and every section, runs nothing and exits 0', async () => {
  expect(parseArgs(['--', '--help']).help).toBe(true);
  const { status, stdout } = await run('--', '--help');
  expect(status).toBe(0);
  expect(stdout).toMatch(/^Usage: pnpm run bench/);
  for (const option of ['--quick', '--only=', '--out=', '--strict', '--help']) expect(stdout).toContain(option);
  for (const id of SECTION_IDS) expect(stdout).toContain(id);
  expect(stdout).not.toContain('running');
});

it('a wrong option is named on stderr with the usage, exit 2, no stack trace', async () => {
  const { status, stderr } = await run('--fast');
  expect(status).toBe(2);
  expect(stderr).toMatch(/^bench: unknown argument: --fast\n\nUsage:/);
  expect(stderr).not.toMatch(/\n\s+at /);
});
