// @ts-check
// A usage ledger recorded from this project's own consumer tests: the clients' smoke suite (suite.mjs, the checks
// every consumer project and runtime runs) against the smoke target (src/smoke-target.mjs: the sandbox with the
// suite's credentials as its default app), then `pushapi-sandbox usage` collects the ledgers into FILE, for
// `api-diff --usage FILE` and `changeset:check --usage FILE`. docs/guides/usage.md walks through it.
// Usage: npx -y pnpm@10.34.9 run usage:smoke --out FILE   (a relative FILE is read from where pnpm was started)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import * as dmp from '@pushapi/dmp-client';
import * as push from '@pushapi/push-v1-client';
import { startSmokeTarget } from '../src/smoke-target.mjs';
import { reportLine, runSmoke } from './suite.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');

let out;
try {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { out: { type: 'string' } },
    strict: true,
  });
  if (!values.out) throw new Error('give the file to write with --out FILE');
  out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
} catch (error) {
  console.error(
    `usage:smoke: ${/** @type {Error} */ (error).message}\nusage: npx -y pnpm@10.34.9 run usage:smoke --out FILE`,
  );
  process.exit(2);
}

/** The sandbox's own command, as the workspace installed it for this package. */
const sandboxPackage = path.join(packageDir, 'node_modules', '@pushapi', 'sandbox');
const { bin } = JSON.parse(fs.readFileSync(path.join(sandboxPackage, 'package.json'), 'utf8'));
const cli = path.join(sandboxPackage, typeof bin === 'string' ? bin : bin['pushapi-sandbox']);

const target = await startSmokeTarget({ from: packageDir });
try {
  const results = await runSmoke({ push, dmp, pushBaseUrl: target.pushBaseUrl, dmpBaseUrl: target.dmpBaseUrl });
  console.log(`smoke suite: ${reportLine(results)}`);
  // Asynchronously: the sandbox answering the command runs in this process.
  const server = new URL(target.pushBaseUrl).origin;
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'usage', '--server', server, '--out', out]);
  process.stdout.write(stdout);
  if (!results.every((r) => r.ok)) process.exitCode = 1;
} finally {
  await target.stop();
}
