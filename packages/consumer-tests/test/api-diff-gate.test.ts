// The breaking-change gate and the api-diff command on throwaway repositories holding a real (small) document:
// the corpus base of openapi/test/api-diff as push-v1. Each test copies one prepared repository (released at 0.1.0).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { mergeBase } from '../../../scripts/api-diff/bundles.mjs';
import { findingsBlock } from '../../../scripts/api-diff/ledger.mjs';
import { checkChangesets } from '../src/changeset-check.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../../scripts/api-diff/cli.mjs');
const baseDocument = JSON.parse(
  fs.readFileSync(path.resolve(here, '../../../openapi/test/api-diff/base.json'), 'utf8'),
);
const CARRIERS = ['openapi', 'packages/push-v1-client', 'packages/dmp-client', 'packages/mock', 'packages/sandbox'];
const NAMES = [
  '@pushapi/openapi',
  '@pushapi/push-v1-client',
  '@pushapi/dmp-client',
  '@pushapi/mock',
  '@pushapi/sandbox',
];

let template: string;
let repo: string;
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
const write = (root: string, file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const commit = (root: string, message: string) => {
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
};
/** Writes push-v1's document as `change` leaves a copy of the base. */
const editDocument = (change: (doc: typeof baseDocument) => void) => {
  const doc = structuredClone(baseDocument);
  change(doc);
  write(repo, 'openapi/push-v1/openapi.yaml', JSON.stringify(doc, null, 2));
};
const newResultValue = () => editDocument((doc) => doc.components.schemas.Result.enum.push('too_frequent'));
const changeset = (name: string, releases: Record<string, string>) =>
  write(
    repo,
    `.changeset/${name}.md`,
    `---\n${Object.entries(releases)
      .map(([n, l]) => `'${n}': ${l}`)
      .join('\n')}\n---\n\nA change.\n`,
  );
const runCli = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: 'utf8' });

beforeAll(() => {
  template = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-api-diff-gate-'));
  git(template, 'init', '-q', '-b', 'main');
  write(template, '.changeset/config.json', '{}\n');
  CARRIERS.forEach((dir, i) =>
    write(template, `${dir}/package.json`, JSON.stringify({ name: NAMES[i], version: '0.1.0' })),
  );
  write(template, 'openapi/push-v1/openapi.yaml', JSON.stringify(baseDocument, null, 2));
  write(template, 'openapi/CHANGELOG.md', '# @pushapi/openapi\n\n## 0.1.0\n');
  commit(template, 'release 0.1.0');
});
afterAll(() => fs.rmSync(template, { recursive: true, force: true }));
beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-api-diff-repo-'));
  fs.cpSync(template, repo, { recursive: true });
  return () => fs.rmSync(repo, { recursive: true, force: true });
});

it('fails a new answer value no changeset names, with only a patch of the documents: the finding and each package of the API short', async () => {
  newResultValue();
  changeset('patch-only', { '@pushapi/openapi': 'patch' });
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('1 finding(s) that a consumer must hear of are named by no pending changeset');
  expect(result.message).toContain('@pushapi/openapi: needs minor, has patch');
  for (const name of ['@pushapi/push-v1-client', '@pushapi/mock', '@pushapi/sandbox'])
    expect(result.message).toContain(`${name}: needs minor, has none`);
  expect(result.message).not.toContain('@pushapi/dmp-client'); // a push-v1 change bumps no DMP package
  expect(result.message).toContain('push-v1 send');
  expect(result.message).toMatch(
    /breaking-for-exhaustive-clients +response\.200\.body\.result: value "too_frequent" added/,
  );
  expect(result.message).toContain('id: response-value-added@push-v1:send:response.200.body.result#');
});

it('fails a change without any changeset and prints the diff', async () => {
  editDocument((doc) => delete doc.paths['/status']);
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('no changeset in .changeset/ names @pushapi/openapi');
  expect(result.message).toMatch(/push-v1 status\n\s+breaking\s+operation: operation removed \(GET \/status\)/);
});

it("passes with the changeset that `api-diff --changeset` writes: bumps of the API's packages, plain words, finding ids", async () => {
  newResultValue();
  const run = runCli('--changeset', 'result-too-frequent');
  expect(run.status, run.stderr).toBe(0);
  const text = fs.readFileSync(path.join(repo, '.changeset/result-too-frequent.md'), 'utf8');
  const [id] = JSON.parse(runCli('--json').stdout).changes.map((c: { id: string }) => c.id);
  expect(text).toBe(
    `---\n${['@pushapi/openapi', '@pushapi/push-v1-client', '@pushapi/mock', '@pushapi/sandbox'].map((n) => `'${n}': minor`).join('\n')}\n---\n\n` +
      '**Breaking changes**\n\n' +
      '- **push-v1** `send`: `result` in the answer: value "too_frequent" added.\n' +
      '  Breaks only code that switches over every case.\n' +
      '  What to do: handle "too_frequent" (a switch over the generated union needs a case or a default).\n\n' +
      `<!-- api-diff findings (the change gate reads these ids; keep them, one a line):\n${id}\n-->\n`,
  );
  const result = await checkChangesets({ cwd: repo });
  expect(result.message).toContain('is named (.changeset/result-too-frequent.md)');
  expect(result.ok).toBe(true);
});

it('asks for a major bump of a named finding once the packages are at 1.0', async () => {
  for (const [i, dir] of CARRIERS.entries())
    write(repo, `${dir}/package.json`, JSON.stringify({ name: NAMES[i], version: '1.0.0' }));
  write(repo, 'openapi/CHANGELOG.md', '# @pushapi/openapi\n\n## 1.0.0\n');
  commit(repo, 'release 1.0.0');
  editDocument((doc) => delete doc.components.schemas.SendResponse.properties.count);
  const ids = JSON.parse(runCli('--json').stdout).changes.map((c: { id: string }) => c.id);
  const named = (level: string) =>
    write(
      repo,
      '.changeset/count.md',
      `---\n${NAMES.map((n) => `'${n}': ${level}`).join('\n')}\n---\n\nNo count.\n\n${findingsBlock(ids)}`,
    );
  named('minor');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('@pushapi/mock: needs major, has minor');
  named('major');
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
});

it('passes a non-breaking change with a patch of the documents alone', async () => {
  editDocument((doc) => {
    doc.components.schemas.SendResponse.properties.desc = { type: 'string' };
  });
  changeset('desc', { '@pushapi/openapi': 'patch' });
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok, result.message).toBe(true);
});

it('--json prints exactly {"changes": [...]} with the keys of each change, its ids among them, and exits 0', () => {
  newResultValue();
  editDocument((doc) => {
    doc.components.schemas.Result.enum.push('too_frequent');
    doc.components.schemas.Cid.description = 'A description change does not count.';
  });
  const run = runCli('--json');
  expect(run.status, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual({
    changes: [
      {
        id: expect.stringMatching(/^response-value-added@push-v1:send:response\.200\.body\.result#[0-9a-f]{8}$/),
        check: 'response-value-added',
        api: 'push-v1',
        operationId: 'send',
        where: 'response.200.body.result',
        change: 'value "too_frequent" added',
        class: 'breaking-for-exhaustive-clients',
      },
    ],
  });
  expect(run.stdout.trim().split('\n')).toHaveLength(1);
});

it('exits 0 with no change (and writes no changeset), and 2 with a message on a usage error (unknown option, a changeset that exists, a ref that is no commit)', () => {
  const none = runCli('--base', 'HEAD');
  expect(none.status).toBe(0);
  expect(none.stdout).toContain('no change that a consumer can see');
  const unknown = runCli('--frobnicate');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain("Unknown option '--frobnicate'");
  const nothing = runCli('--changeset', 'nothing');
  expect(nothing.status).toBe(0);
  expect(nothing.stdout).toContain('no changeset written');
  expect(fs.existsSync(path.join(repo, '.changeset/nothing.md'))).toBe(false);
  changeset('taken', { '@pushapi/openapi': 'patch' });
  const taken = runCli('--changeset', 'taken');
  expect(taken.status).toBe(2);
  expect(taken.stderr).toContain('.changeset/taken.md exists already');
  expect(fs.readFileSync(path.join(repo, '.changeset/taken.md'), 'utf8')).toContain('A change.');
  const badRef = runCli('--base', 'no-such-ref', '--json');
  expect(badRef.status).toBe(2);
  expect(badRef.stdout).toBe('');
  expect(badRef.stderr).toContain('--base no-such-ref: not a commit in this repository');
});

it('exits 1, saying which document, when the working tree does not bundle; the gate then fails', async () => {
  write(repo, 'openapi/push-v1/openapi.yaml', 'openapi: 3.1.0\npaths:\n  /x:\n    get:\n      $ref: ./missing.yaml\n');
  const run = runCli('--json');
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain('api-diff: bundling openapi/push-v1/openapi.yaml failed');
  changeset('any', { '@pushapi/openapi': 'patch' });
  await expect(checkChangesets({ cwd: repo })).rejects.toThrow('bundling openapi/push-v1/openapi.yaml failed');
});

/** Writes the changeset `api-diff --changeset` writes for the change at hand; fails the test if it cannot. */
const writeWithCli = (name: string) => {
  const run = runCli('--changeset', name);
  expect(run.status, run.stderr).toBe(0);
  return fs.readFileSync(path.join(repo, `.changeset/${name}.md`), 'utf8');
};
const cidMaxLength = (n: number) =>
  editDocument((doc) => {
    doc.components.schemas.Cid.maxLength = n;
  });

it('a changeset written for an earlier change covers nothing new: a later change at the same place fails, and the old name is stale', async () => {
  cidMaxLength(32);
  const first = writeWithCli('cid-32');
  expect(first).toContain('MAINTAINER:'); // "respect maxLength 32" is only mechanical
  write(repo, '.changeset/cid-32.md', first.replace(/^ {2}MAINTAINER:.*$/m, '  Client ids are 32 characters.'));
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
  cidMaxLength(16);
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('request.path.cid: maxLength 64 -> 16');
  expect(result.message).toMatch(
    /no longer found since the release[\s\S]*request-max-length-narrowed@push-v1:send:request\.path\.cid#[0-9a-f]{8} \(\.changeset\/cid-32\.md\)/,
  );
});

it("fails while a changeset waits for a maintainer's sentence", async () => {
  cidMaxLength(32);
  writeWithCli('cid-32');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain(
    "still wait for a maintainer's sentence (a line starting MAINTAINER:): .changeset/cid-32.md",
  );
});

it('accepts a finding to review from the acceptance file, with a reason and for the last release only', async () => {
  editDocument((doc) => {
    doc.components.schemas.Cid.pattern = '^[0-9a-fA-F]+$'; // loosened: the documents cannot say so
  });
  changeset('pattern', { '@pushapi/openapi': 'patch' });
  const [finding] = JSON.parse(runCli('--json').stdout).changes;
  expect(finding).toMatchObject({ check: 'request-pattern-changed', class: 'review' });
  expect((await checkChangesets({ cwd: repo })).ok).toBe(false);
  const release = git(repo, 'log', '-1', '--format=%H', '--', 'openapi/CHANGELOG.md').trim();
  const accept = (data: object) => write(repo, '.changeset/api-diff-accepted.json', JSON.stringify(data));
  accept({ release, accepted: [{ id: finding.id, reason: 'upper-case hex digits were always sent and accepted' }] });
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
  accept({ release, accepted: [{ id: finding.id, reason: ' ' }] });
  await expect(checkChangesets({ cwd: repo })).rejects.toThrow('every entry needs a reason');
  accept({ release: 'f'.repeat(40), accepted: [{ id: finding.id, reason: 'an older release' }] });
  const stale = await checkChangesets({ cwd: repo });
  expect(stale.ok).toBe(false);
  expect(stale.message).toContain('its entries are ignored');
});

it("on a branch, `--changeset` writes only the branch's change, not what main left unnamed", async () => {
  newResultValue();
  commit(repo, 'main: a new answer value, no changeset');
  git(repo, 'checkout', '-q', '-b', 'feature');
  editDocument((doc) => {
    doc.components.schemas.Result.enum.push('too_frequent');
    delete doc.components.schemas.SendResponse.properties.count;
  });
  const text = writeWithCli('no-count');
  expect(text).toContain('`count`');
  expect(text).not.toContain('too_frequent');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('1 of them were already at the merge base with main');
});

it('gates the published output: a decorator in the root redocly.yaml that drops an operation is a breaking finding', async () => {
  const config = (decorators: string) =>
    `apis:\n  push-v1:\n    root: openapi/push-v1/openapi.yaml\n    output: openapi/dist/push-v1.json\n${decorators}`;
  write(repo, 'redocly.yaml', config(''));
  write(repo, '.gitignore', 'openapi/dist/\n');
  commit(repo, 'root config');
  write(
    repo,
    'redocly.yaml',
    config('    decorators:\n      filter-out:\n        property: operationId\n        value: status\n'),
  );
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toMatch(/push-v1 status\n\s+breaking\s+operation: operation removed \(GET \/status\)/);
});

it("tells main (a branch named main, or CI's detached checkout of main's tip) from a branch", () => {
  git(repo, 'branch', '-q', '-f', 'other');
  expect(mergeBase(repo).onMain).toBe(true);
  git(repo, 'checkout', '-q', '--detach');
  expect(mergeBase(repo).onMain).toBe(true);
  git(repo, 'checkout', '-q', 'other');
  expect(mergeBase(repo)).toMatchObject({ onMain: false, upstream: 'main' });
});
