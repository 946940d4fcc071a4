// The changeset check on throwaway repositories: a change under openapi/ since the documents' last
// release fails it unless a pending changeset names @pushapi/openapi; test/api-diff-gate.test.ts covers the
// breaking-change rule on real documents.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkChangesets as runCheck } from '../src/changeset-check.mjs';

/** The file-level rule alone: api-diff is stubbed (these documents are not real ones); the diff has its tests below. */
const checkChangesets = ({ cwd }: { cwd: string }) => runCheck({ cwd, diff: async () => ({ changes: [] }) });

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};
const commit = (message: string) => {
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message);
};
/** What a release leaves: the documents' CHANGELOG written and committed. */
const release = () => {
  write('openapi/CHANGELOG.md', '# @pushapi/openapi\n\n## 0.1.0\n');
  commit('release 0.1.0');
};
const changeset = (name: string, packageName: string) =>
  write(`.changeset/${name}.md`, `---\n'${packageName}': minor\n---\n\nA change for users.\n`);

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-changeset-check-'));
  git('init', '-q', '-b', 'main');
  write('.changeset/config.json', '{}\n');
  write('openapi/package.json', '{ "name": "@pushapi/openapi", "version": "0.1.0" }\n');
  write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.0\n');
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

it('fails, saying why, when the documents have no release in the history', async () => {
  commit('documents');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.message).toContain('openapi/CHANGELOG.md has no commit');
});

it('passes when nothing under openapi/ changed since the release', async () => {
  release();
  write('README.md', 'outside openapi/\n');
  commit('readme');
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
});

it('fails on a committed document change without a changeset, naming the file', async () => {
  release();
  write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.1\n');
  commit('change the document');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.changed).toEqual(['openapi/push-v1/openapi.yaml']);
  expect(result.message).toContain('no changeset in .changeset/ names @pushapi/openapi');
});

it('fails on an uncommitted new file under openapi/ too', async () => {
  release();
  write('openapi/dmp/openapi.yaml', 'openapi: 3.1.0\n');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(false);
  expect(result.changed).toEqual(['openapi/dmp/openapi.yaml']);
});

it('passes when a pending changeset names @pushapi/openapi', async () => {
  release();
  write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.1\n');
  changeset('new-field', '@pushapi/openapi');
  commit('change the document, with a changeset');
  const result = await checkChangesets({ cwd: repo });
  expect(result.ok).toBe(true);
  expect(result.message).toContain('every finding a consumer must hear of is named');
});

it('fails when the only changeset names another package', async () => {
  release();
  write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.1\n');
  changeset('client-only', '@pushapi/push-v1-client');
  commit('change');
  expect((await checkChangesets({ cwd: repo })).ok).toBe(false);
});

it('needs no changeset for the documents package tests alone', async () => {
  release();
  write('openapi/test/documents.test.mjs', '// a test\n');
  commit('a test');
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
});

it('starts again after a release: changesets consumed, CHANGELOG written', async () => {
  release();
  write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.1\n');
  changeset('new-field', '@pushapi/openapi');
  commit('change');
  // What `changeset version` does: the changeset becomes a CHANGELOG entry.
  fs.rmSync(path.join(repo, '.changeset/new-field.md'));
  write('openapi/CHANGELOG.md', '# @pushapi/openapi\n\n## 0.2.0\n\n- A change for users.\n\n## 0.1.0\n');
  commit('release 0.2.0');
  expect((await checkChangesets({ cwd: repo })).ok).toBe(true);
});

it('writes changelog lines without a commit hash and without the block of finding ids', async () => {
  const { getReleaseLine } = createRequire(import.meta.url)('../../../.changeset/changelog.cjs');
  const summary =
    '**Breaking changes**\n\n- **dmp** `getAccessToken`: the answer no longer has `expires_in`.\n\n' +
    '<!-- api-diff findings (the change gate reads these ids; keep them, one a line):\nsome-id\n-->';
  const line = await getReleaseLine({ summary, commit: 'abc1234' }, 'minor');
  expect(line).toBe('- **Breaking changes**\n\n  - **dmp** `getAccessToken`: the answer no longer has `expires_in`.');
});

describe('--usage FILE: the hits beside each breaking change (api-diff usage.mjs)', () => {
  const removed = {
    id: 'response-property-removed@push-v1:pushSingle:response.200.body.taskid#00000001',
    check: 'response-property-removed',
    api: 'push-v1',
    operationId: 'pushSingle',
    where: 'response.200.body.taskid',
    change: 'field removed',
    class: 'breaking' as const,
  };
  const ledger = (appid: string, team: string | null, where: string, calls: number) => ({
    appid,
    team,
    truncated: false,
    server: 'http://127.0.0.1:4021',
    operations: [
      {
        api: 'push-v1',
        operationId: 'pushSingle',
        name: 'push_single',
        calls,
        request: [{ where: 'request.path.appid', calls }],
        response: [{ where, calls }],
        outcomes: [{ status: 200, result: 'ok', calls }],
      },
    ],
  });
  const usageFile = (apps: unknown[]) => {
    const file = path.join(repo, 'usage.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        collectedAt: '2030-01-01T00:00:00.000Z',
        team: null,
        servers: [{ server: 'x', apps: 2 }],
        apps,
      }),
    );
    return file;
  };
  const changed = () => {
    release();
    write('openapi/push-v1/openapi.yaml', 'openapi: 3.1.1\n');
    commit('change the document');
  };
  const check = (usage: string) => runCheck({ cwd: repo, diff: async () => ({ changes: [{ ...removed }] }), usage });

  it('prints the apps a breaking change hits, with their calls and teams', async () => {
    changed();
    const usage = usageFile([
      ledger('ci-web-7', 'ci-web-', 'response.200.body.taskid', 12),
      ledger('ci-web-8', 'ci-web-', 'response.200.body.taskid', 3),
      ledger('ci-api-1', 'ci-api-', 'response.200.body.result', 5),
    ]);
    const result = await check(usage);
    expect(result.message).toContain(`hits, from the usage ledgers in ${usage}:`);
    expect(result.message).toContain(
      'push-v1 pushSingle response.200.body.taskid: field removed (breaking): hits 2 apps of 1 team: ci-web-7 (12 calls), ci-web-8 (3 calls)',
    );
    expect(result.message).not.toContain('ci-api-1');
  });

  it('says "hits no recorded app" when no ledger meets the change', async () => {
    changed();
    const result = await check(usageFile([ledger('ci-api-1', 'ci-api-', 'response.200.body.result', 5)]));
    expect(result.message).toContain('(breaking): hits no recorded app');
  });

  it('fails on a missing file, naming it', async () => {
    changed();
    const missing = path.join(repo, 'no-such-usage.json');
    const result = await check(missing);
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      `--usage ${missing}: cannot be read (no such file); write it with pushapi-sandbox usage --out ${missing}`,
    );
  });

  it('fails on a file that is not JSON or does not match usage.schema.json, naming the file and the place', async () => {
    changed();
    const file = path.join(repo, 'usage.json');
    fs.writeFileSync(file, '{"apps": [');
    expect((await check(file)).message).toMatch(new RegExp(`^--usage ${file}: is not JSON \\(`));
    fs.writeFileSync(file, JSON.stringify({ apps: [] }));
    expect((await check(file)).message).toBe(
      `--usage ${file}: does not match packages/sandbox/usage.schema.json at the top level: the required field "collectedAt" is missing; write it with pushapi-sandbox usage --out usage.json`,
    );
    const bad = ledger('ci-web-7', 'ci-web-', 'response.200.body.taskid', 12);
    (bad.operations[0] as { calls: unknown }).calls = 'twelve';
    usageFile([bad]);
    expect((await check(file)).message).toContain(
      'does not match packages/sandbox/usage.schema.json at apps[0].operations[0].calls: must be integer, is string',
    );
  });
});
