// The install story the docs tell is the one a consumer meets. Nothing is on the npm registry yet, so:
// - no page claims it is (the rule of `prematureRegistryClaims`: the registry install and the word "published" only in
//   a paragraph that starts with "After the first release"), and the sandbox's tarball alone indeed fails to
//   install, its dependency not being on the registry (once the packages are published this fails: time to change
//   the docs, RELEASING.md);
// - every tarball the docs name is one that `run pack` makes, and every install line brings the tarballs of the
//   package's @pushapi dependencies in the same command;
// - the README's sandbox line, word for word (the clone's path aside), installs in a fresh project.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { consumerEnv, runIn } from '../src/consumer-project.mjs';
import { documentationFiles, prematureRegistryClaims, tarballInstallLines } from '../src/documentation.mjs';
import { publicPackages, tarballName, withPublicDependencies, workspaceRoot } from '../src/workspace.mjs';

const tarballs = inject('tarballs');
const packages = publicPackages();
const docs = documentationFiles();
/** The folder `run pack` wrote (here the run's temporary one), standing for the README's `/path/to/pushapi/packs`. */
const packDir = path.dirname(Object.values(tarballs)[0]!);
const byTarball = new Map(packages.map((p) => [tarballName(p), p.name]));
const projects: string[] = [];

/** A fresh project as `npm init -y` makes it, in the system's temporary folder. */
async function freshProject() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-install-line-'));
  projects.push(dir);
  const init = await runIn('npm', ['init', '-y'], { cwd: dir });
  expect(init.code, init.stderr).toBe(0);
  return dir;
}

afterAll(() => {
  for (const dir of projects) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the docs before the first release', () => {
  it('claim no registry install and nothing "published" outside an "After the first release" paragraph', () => {
    expect(docs.map((d) => d.file)).toEqual(
      expect.arrayContaining(['README.md', 'packages/sandbox/README.md', 'docs/guides/install.md', 'docs/README.md']),
    );
    for (const { file, text } of docs) expect(prematureRegistryClaims(text), file).toEqual([]);
  });

  it('the rule catches the claims it is about (it is not vacuous)', () => {
    expect(prematureRegistryClaims('Five packages are published to the npm registry, each ESM.')).toHaveLength(1);
    expect(prematureRegistryClaims('```sh\nnpm install --save-dev @pushapi/sandbox\n```')).toHaveLength(1);
    expect(prematureRegistryClaims('After the first release: `npm install @pushapi/sandbox --save-dev`.')).toEqual([]);
    expect(prematureRegistryClaims('The numeric limits are not published. Nothing here is published.')).toEqual([]);
  });

  it('name only tarballs that `run pack` makes, and each install line brings its @pushapi dependencies', () => {
    const lines = docs.flatMap(({ file, text }) => tarballInstallLines(text).map((l) => ({ file, ...l })));
    expect(lines.length).toBeGreaterThanOrEqual(packages.length);
    for (const { file, line, tarballs: named } of lines) {
      if (named.includes('*.tgz')) continue; // every tarball of the folder
      const names = named.map((t) => byTarball.get(t));
      expect(
        names,
        `${file}: ${line} names a tarball \`run pack\` does not make (${[...byTarball.keys()].join(', ')})`,
      ).not.toContain(undefined);
      for (const name of names) {
        for (const dep of withPublicDependencies(name!, packages))
          expect(names, `${file}: ${line} needs the tarball of ${dep}`).toContain(dep);
      }
    }
  });
});

describe('installing as the README says', () => {
  const readme = fs.readFileSync(path.join(workspaceRoot, 'README.md'), 'utf8');
  const sandboxLine = tarballInstallLines(readme).find((l) =>
    l.tarballs.includes(tarballName(packages.find((p) => p.name === '@pushapi/sandbox')!)),
  );

  it("the sandbox's line, word for word, installs the sandbox and the documents in a fresh project", async () => {
    expect(sandboxLine?.line).toMatch(/^npm install --save-dev \/path\/to\/pushapi\/packs\//);
    const dir = await freshProject();
    const [command, ...args] = sandboxLine!.line.replaceAll('/path/to/pushapi/packs', packDir).split(' ');
    const install = await runIn(command!, args, { cwd: dir, env: consumerEnv({ npm_config_loglevel: 'error' }) });
    expect(install.code, install.stderr).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(['@pushapi/openapi', '@pushapi/sandbox']);
    const load = await runIn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { startSandbox } = await import('@pushapi/sandbox'); console.log(typeof startSandbox)",
      ],
      { cwd: dir },
    );
    expect(load.stdout.trim(), load.stderr).toBe('function');
    // The README's `$schema: ./node_modules/@pushapi/sandbox/world.schema.json`, from the project root.
    expect(fs.existsSync(path.join(dir, 'node_modules', '@pushapi', 'sandbox', 'world.schema.json'))).toBe(true);
  });

  it("the sandbox's tarball alone does not install: @pushapi/openapi is not on the registry (as the docs say)", async () => {
    const dir = await freshProject();
    const alone = await runIn('npm', ['install', '--save-dev', tarballs['@pushapi/sandbox']!], { cwd: dir });
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toMatch(/404[^\n]*'@pushapi\/openapi@\^\d+\.\d+\.\d+' could not be found/);
  });
});
