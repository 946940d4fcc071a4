// Every public package is ready to publish: license, changelog, README that starts with install and
// supported runtimes (agreeing with `engines`), ordinary dependency ranges in the packed manifest,
// publint and attw clean, and `pnpm publish --dry-run` without error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runIn } from '../src/consumer-project.mjs';
import { runtimeSpecs } from '../src/runtimes.mjs';
import { pnpm, publicPackages, tarballName, workspaceRoot } from '../src/workspace.mjs';

const tarballs = inject('tarballs');
const packages = publicPackages();
const rootManifest = JSON.parse(fs.readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
const bin = (name: string) => path.join(workspaceRoot, 'packages', 'consumer-tests', 'node_modules', '.bin', name);

/** The `## ` sections of a Markdown file, in order, with their text. */
function sections(markdown: string) {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((part) => ({ title: part.slice(0, part.indexOf('\n')).trim(), body: part.slice(part.indexOf('\n')) }));
}

/** `>=20.19` -> `Node.js >= 20.19`, as every README writes the engines range. */
const nodeRange = (engines: string) => `Node.js ${engines.replace('>=', '>= ')}`;

it("the public packages are the documents, both clients, the mock, the sandbox and the sandbox's MCP server", () => {
  expect(packages.map((p) => p.name)).toEqual(
    expect.arrayContaining([
      '@pushapi/dmp-client',
      '@pushapi/mock',
      '@pushapi/openapi',
      '@pushapi/push-v1-client',
      '@pushapi/sandbox',
      '@pushapi/sandbox-mcp',
    ]),
  );
  expect(Object.keys(tarballs).sort()).toEqual(packages.map((p) => p.name));
});

it('the root README starts with how to install every public package and the supported runtimes', () => {
  const readme = fs.readFileSync(path.join(workspaceRoot, 'README.md'), 'utf8');
  const [install, runtimes] = sections(readme);
  expect(install?.title).toBe('Install');
  // Until the first release: the tarball of `run pack`, and the registry line in its marked form (install-docs.test.ts).
  for (const pkg of packages) expect(install?.body).toContain(`/packs/${tarballName(pkg)}`);
  expect(install?.body).toMatch(/^After the first release, .*`npm install @pushapi\//m);
  expect(runtimes?.title).toBe('Supported runtimes');
  expect(runtimes?.body).toContain(nodeRange(rootManifest.engines.node));
  // Every runtime of the matrix is in the table.
  for (const spec of runtimeSpecs) expect(runtimes?.body).toContain(spec.label);
});

it('the reference site has an install guide for every public package', () => {
  const guide = fs.readFileSync(path.join(workspaceRoot, 'docs', 'guides', 'install.md'), 'utf8');
  for (const pkg of packages) expect(guide).toContain(`/packs/${tarballName(pkg)}`);
  expect(guide).toContain(`"node": "${rootManifest.engines.node}"`);
});

// Concurrent, the packages and their tests alike: the slow ones (publint and attw, `pnpm publish --dry-run`) are
// processes that wait on the disk as much as on a core, and one after another they were this file's 380 s.
describe.concurrent.each(packages.map((p) => [p.name, p] as const))('%s', (name, pkg) => {
  it('is MIT licensed, with the license text in the package', () => {
    expect(pkg.manifest.license).toBe('MIT');
    expect(fs.readFileSync(path.join(pkg.dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('has a changelog and is published publicly', () => {
    expect(fs.readFileSync(path.join(pkg.dir, 'CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^# ${name}\\n`));
    expect(pkg.manifest.publishConfig?.access).toBe('public');
  });

  it('README starts with install and supported runtimes, and `engines` says the same as the workspace', () => {
    const readme = fs.readFileSync(path.join(pkg.dir, 'README.md'), 'utf8');
    expect(readme.startsWith(`# ${name}\n`)).toBe(true);
    const [install, runtimes] = sections(readme);
    expect(install?.title).toBe('Install');
    expect(install?.body).toContain(`/packs/${tarballName(pkg)}`);
    expect(install?.body).toMatch(new RegExp(`^After the first release: \`npm install ${name}[ \`]`, 'm'));
    expect(runtimes?.title).toBe('Supported runtimes');
    expect(pkg.manifest.engines?.node).toBe(rootManifest.engines.node);
    expect(runtimes?.body).toContain(nodeRange(pkg.manifest.engines.node));
  });

  it('packs with its license, README and changelog, and only ordinary dependency ranges', () => {
    const tarball = tarballs[name]!;
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toEqual(
      expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/CHANGELOG.md', 'package/package.json']),
    );
    const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dep, range] of Object.entries<string>(packed[field] ?? {})) {
        expect(range, `${field}.${dep}`).not.toMatch(/^(workspace|file|link):/);
      }
    }
  });

  it('names commands whose files are in the source tree and in the tarball', () => {
    // A fresh `pnpm install` links commands before the first build: a command inside dist/ is skipped with
    // "Failed to create bin", once for every package that depends on it.
    const commands = Object.values<string>(pkg.manifest.bin ?? {});
    const files = execFileSync('tar', ['-tzf', tarballs[name]!], { encoding: 'utf8' }).split('\n');
    for (const command of commands) {
      const relative = path.posix.normalize(command);
      const tracked = execFileSync('git', ['ls-files', '--', relative], { cwd: pkg.dir, encoding: 'utf8' }).trim();
      expect(tracked, `${command} is a committed file`).toBe(relative);
      expect(files, `${command} is packed`).toContain(`package/${relative}`);
    }
  });

  it('passes publint (strict) and attw (ESM only)', async ({ expect }) => {
    // Both read the tarball packed once for the run, by pnpm as it publishes (publint's own `--pack npm` packed
    // the folder once more, with npm, whose manifest keeps the `workspace:` ranges); `attw --pack .` would write
    // one into the package folder, where it would change turbo's input hashes while other tasks run.
    const publint = await runIn(bin('publint'), ['--strict', tarballs[name]!], { cwd: pkg.dir });
    expect(publint.stdout + publint.stderr).toContain('All good!');
    expect(publint.code).toBe(0);
    const attw = await runIn(bin('attw'), [tarballs[name]!, '--profile', 'esm-only'], { cwd: pkg.dir });
    expect(attw.code, attw.stdout).toBe(0);
  });

  it('passes `pnpm publish --dry-run`', async ({ expect }) => {
    // --no-git-checks: the test also runs on working trees with uncommitted changes.
    const { code, stdout, stderr } = await runIn('npx', [...pnpm, 'publish', '--dry-run', '--no-git-checks'], {
      cwd: pkg.dir,
    });
    expect(stderr).not.toMatch(/\bERR/);
    expect(code).toBe(0);
    expect(stdout).toContain(`+ ${name}@${pkg.version}`);
  });
});
