// @pushapi/verify as a consumer gets it: its tarball and those of its @pushapi dependencies installed into a fresh
// project outside the workspace, where its bin answers --help and plans a dry run (nothing sent, no secret shown).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { consumerEnv, runIn } from '../src/consumer-project.mjs';
import { publicPackages, withPublicDependencies } from '../src/workspace.mjs';

const tarballs = inject('tarballs');
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-consumer-verify-'));
  const init = await runIn('npm', ['init', '-y'], { cwd: dir });
  expect(init.code, init.stderr).toBe(0);
  const files = withPublicDependencies('@pushapi/verify', publicPackages()).map((name) => tarballs[name]!);
  const install = await runIn(
    'npm',
    ['install', '--save-dev', '--no-audit', '--no-fund', '--engine-strict', '--loglevel=error', ...files],
    { cwd: dir, env: consumerEnv() },
  );
  expect(install.code, install.stderr).toBe(0);
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const bin = () => path.join(dir, 'node_modules', '.bin', 'pushapi-verify');

it('installs the bin, which prints its help', async () => {
  const { code, stdout } = await runIn(bin(), ['--help'], { cwd: dir });
  expect(code).toBe(0);
  expect(stdout).toContain('pushapi-verify proxy --upstream <base_url>');
  expect(fs.existsSync(path.join(dir, 'node_modules', '@pushapi', 'verify', 'schema', 'report.schema.json'))).toBe(
    true,
  );
});

it('plans a dry run without sending anything or showing the secret', async () => {
  const secret = 'consumer-master-secret-0001';
  const { code, stdout, stderr } = await runIn(bin(), ['--dry-run', '--cid', 'team-phone'], {
    cwd: dir,
    env: consumerEnv({
      PUSHAPI_BASE_URL: 'http://127.0.0.1:1',
      PUSHAPI_APPID: 'app',
      PUSHAPI_APPKEY: 'key',
      PUSHAPI_MASTER_SECRET: secret,
    }),
  });
  expect(code, stderr).toBe(0);
  expect(stdout).toContain('- pushSingle (push to cid 1): POST http://127.0.0.1:1/v1/app/push_single');
  expect(stdout).toContain('dry run: nothing was sent');
  expect(stdout + stderr).not.toContain(secret);
});
