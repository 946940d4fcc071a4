// Every public package, packed and installed from its tarball into a fresh project outside the workspace (ESM
// TypeScript, CommonJS TypeScript or plain JavaScript): tsc accepts the project's code, and its smoke script passes
// against the smoke target that the project itself installed. One file per kind of project (esm-ts.test.ts,
// cjs-ts.test.ts, plain-js.test.ts), so that the three installs run in workers side by side.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  consumerEnv,
  createConsumerProject,
  type ProjectKind,
  runIn,
  smokeResults,
  tsc,
} from '../../src/consumer-project.mjs';
import { ensureRuntime, runtimeSpec } from '../../src/runtimes.mjs';
import { startSmokeTarget, type SmokeTarget } from '../../src/smoke-target.mjs';
import { CHECKS } from '../../smoke/suite.mjs';
import { documentationFiles, documentedPaths, packageOf } from '../../src/documentation.mjs';

const tarballs = inject('tarballs');
/** The checks every consumer project's smoke script runs: the documents, then the clients' suite. */
const expectedChecks = [
  'openapi: JSON bundles of push v1 and DMP',
  'openapi: YAML bundle of push v1',
  'openapi: request fixtures',
  ...CHECKS,
];
/** The oldest Node that runs CommonJS consumers in the terms (require() of ESM on Node >= 22). */
const node22 = runtimeSpec('node-22.23.3');

/** What each kind compiles and runs. */
const kinds = {
  'esm-ts': { tsconfig: 'tsconfig.json', entry: 'dist/smoke.js' },
  'cjs-ts': { tsconfig: 'tsconfig.json', entry: 'dist/smoke.js' },
  'plain-js': { tsconfig: 'jsconfig.json', entry: 'smoke.mjs' },
} as const;

function expectAllPassed(stdout: string, stderr: string) {
  const results = smokeResults(stdout);
  expect(results, `no SMOKE line in the output:\n${stdout}\n${stderr}`).toBeDefined();
  expect(results!.map((r) => r.name)).toEqual(expectedChecks);
  expect(results!.filter((r) => !r.ok)).toEqual([]);
}

/** The tests of one kind of consumer project. */
export const consumerSuite = (kind: ProjectKind) =>
  describe(`${kind} consumer project`, () => {
    let dir: string;
    let target: SmokeTarget | undefined;

    beforeAll(async () => {
      dir = await createConsumerProject(kind, Object.values(tarballs));
      target = await startSmokeTarget({ from: dir });
    });
    afterAll(async () => {
      await target?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('has every public package installed from its tarball, the documents resolved by an ordinary range', () => {
      for (const [name, tarball] of Object.entries(tarballs)) {
        const installed = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'));
        expect(path.basename(tarball)).toContain(`-${installed.version}.tgz`);
      }
      const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
      // One copy of the documents package: the mock's and the sandbox's ranges on it are met by the installed tarball.
      const copies = Object.keys(lock.packages).filter((p) => p.endsWith('node_modules/@pushapi/openapi'));
      expect(copies).toEqual(['node_modules/@pushapi/openapi']);
      const mock = lock.packages['node_modules/@pushapi/mock'];
      expect(mock.dependencies['@pushapi/openapi']).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(lock.packages['node_modules/@pushapi/sandbox'].dependencies['@pushapi/openapi']).toMatch(
        /^\^\d+\.\d+\.\d+$/,
      );
      // Prism's loose ranges would pull sub-packages that need Node >= 24: the mock's exact versions win.
      for (const [name, version] of Object.entries<string>(mock.dependencies)) {
        if (!name.startsWith('@stoplight/prism-')) continue;
        const copies = Object.entries<{ version: string }>(lock.packages).filter(([p]) =>
          p.endsWith(`node_modules/${name}`),
        );
        expect(copies.map(([, c]) => c.version)).toEqual([version]);
      }
    });

    if (kind === 'esm-ts') {
      it('every import specifier, $schema path and node_modules file the READMEs and guides name exists in the install', async () => {
        const named = documentationFiles().map(({ file, text }) => ({ file, ...documentedPaths(text) }));
        const installed = (spec: string) => spec.startsWith('@pushapi/') && packageOf(spec) in tarballs;
        const specifiers = [
          ...new Set(named.flatMap((n) => n.specifiers.filter((s) => installed(s) && !/[<*]/.test(s)))),
        ];
        expect(specifiers).toEqual(
          expect.arrayContaining(['@pushapi/sandbox/world.schema.json', '@pushapi/openapi/push-v1.json']),
        );
        // Resolved by Node from the project, through each package's `exports`, to a file that is there.
        const resolve = `import fs from 'node:fs'; import { fileURLToPath } from 'node:url';
        const missing = [];
        for (const spec of JSON.parse(process.argv[1])) {
          try { if (!fs.existsSync(fileURLToPath(import.meta.resolve(spec)))) missing.push(spec + ': resolves to a missing file'); }
          catch (error) { missing.push(spec + ': ' + error.message.split('\\n')[0]); }
        }
        console.log(JSON.stringify(missing));`;
        // A subpath that no package exports is reported: the check is not vacuous.
        const sentinel = '@pushapi/sandbox/src/generated/world.schema.json';
        const { stdout, stderr } = await runIn(
          process.execPath,
          ['--input-type=module', '-e', resolve, JSON.stringify([...specifiers, sentinel])],
          { cwd: dir },
        );
        const missing: string[] = JSON.parse(stdout || 'null') ?? [stderr];
        expect(missing.map((m) => m.split(':')[0])).toEqual([sentinel]);
        for (const { file, schemas, files } of named) {
          for (const schema of schemas) {
            // Relative to the world file: one folder below the project root per leading `../`.
            const depth = schema.split('/').filter((part) => part === '..').length;
            const worldDir = path.join(dir, ...Array.from({ length: depth }, (_, i) => `level${i}`));
            expect(fs.existsSync(path.resolve(worldDir, schema)), `${file}: $schema ${schema}`).toBe(true);
          }
          for (const inPackage of files.filter(installed)) {
            expect(fs.existsSync(path.join(dir, 'node_modules', inPackage)), `${file}: node_modules/${inPackage}`).toBe(
              true,
            );
          }
        }
      });
    }

    it('tsc accepts the consumer code', async () => {
      const { code, stdout, stderr } = await tsc(dir, kinds[kind].tsconfig);
      expect(`${stdout}${stderr}`).toBe('');
      expect(code).toBe(0);
    });

    it(`smoke script passes on this machine's Node (${process.version})`, async () => {
      const { stdout, stderr } = await runIn(process.execPath, [kinds[kind].entry], {
        cwd: dir,
        env: consumerEnv({ PUSH_BASE_URL: target!.pushBaseUrl, DMP_BASE_URL: target!.dmpBaseUrl }),
      });
      expectAllPassed(stdout, stderr);
    });

    if (kind === 'cjs-ts') {
      it('smoke script passes on Node 22, loading the ESM packages through require()', async () => {
        const { binary } = ensureRuntime(node22);
        const compiled = fs.readFileSync(path.join(dir, 'dist', 'smoke.js'), 'utf8');
        expect(compiled).toContain('require("@pushapi/push-v1-client")');
        expect(compiled).not.toMatch(/\bimport\(/);
        const { stdout, stderr } = await runIn(binary, [kinds[kind].entry], {
          cwd: dir,
          env: consumerEnv({ PUSH_BASE_URL: target!.pushBaseUrl, DMP_BASE_URL: target!.dmpBaseUrl }),
        });
        expectAllPassed(stdout, stderr);
      });

      it('an ES import of the ESM-only packages from CommonJS is TS1295, as the READMEs warn', async () => {
        const { code, stdout } = await tsc(dir, 'tsconfig.trap.json');
        expect(code).not.toBe(0);
        expect(stdout).toMatch(
          /^trap\.ts\(3,\d+\): error TS1295: ECMAScript imports and exports cannot be written in a CommonJS file under 'verbatimModuleSyntax'/m,
        );
      });
    }

    it('a smoke run against the wrong server fails the client checks', async () => {
      // The two base URLs swapped: every call reaches a server of the other API.
      const { code, stdout, stderr } = await runIn(process.execPath, [kinds[kind].entry], {
        cwd: dir,
        env: consumerEnv({ PUSH_BASE_URL: target!.dmpBaseUrl, DMP_BASE_URL: target!.pushBaseUrl }),
      });
      expect(code).toBe(1);
      const results = smokeResults(stdout);
      expect(results, stderr).toBeDefined();
      const failed = results!.filter((r) => !r.ok).map((r) => r.name);
      expect(failed).toEqual(expect.arrayContaining(['push: sign in and push_single', 'dmp: config/tags lists tags']));
    });

    it('a smoke run without a server fails, naming what is missing', async () => {
      const { code, stdout, stderr } = await runIn(process.execPath, [kinds[kind].entry], {
        cwd: dir,
        env: consumerEnv({ PUSH_BASE_URL: '', DMP_BASE_URL: '' }),
      });
      expect(code).not.toBe(0);
      expect(smokeResults(stdout)).toBeUndefined();
      expect(stderr).toContain('set PUSH_BASE_URL and DMP_BASE_URL');
    });
  });
