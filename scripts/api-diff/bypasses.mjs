#!/usr/bin/env node
// The ten walks around the change gate of issue 47, replayed: each change is made in a throwaway clone of this
// repository at a commit (--ref, default HEAD), the gate (`changeset:check`) runs there as CI runs it, and its
// exit code and gist are printed. Run it at the commit before the fix and at HEAD for the before/after evidence:
//   node scripts/api-diff/bypasses.mjs --ref <commit>
// The clone borrows this workspace's installed modules; nothing here is touched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from '../apis.mjs';

const { values } = parseArgs({
  options: { ref: { type: 'string', default: 'HEAD' }, only: { type: 'string' }, follow: { type: 'boolean' } },
});

/** Replaces `from` (a string or a pattern) by `to` in a file of the clone; a missing `from` is an error (the scenario would prove nothing). */
function edit(dir, file, from, to) {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, 'utf8');
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
    throw new Error(`${file}: "${from}" not found`);
  fs.writeFileSync(full, text.replace(from, to));
}
const append = (dir, file, text) => fs.appendFileSync(path.join(dir, file), text);
const git = (dir, ...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
const PUSH_SINGLE = 'openapi/push-v1/paths/push_single.yaml';
const withHeader = (type) =>
  `      headers:\n        X-RateLimit-Remaining:\n          required: true\n          schema: { type: ${type} }\n`;
const OK_RESPONSE = '      description: The outcome, the task id and the delivery state.\n';

/** A release in the clone whose pushSingle answer has a required header, for the two header walks. */
function releaseWithHeader(dir) {
  edit(dir, PUSH_SINGLE, OK_RESPONSE, `${OK_RESPONSE}${withHeader('integer')}`);
  append(dir, 'openapi/CHANGELOG.md', '\n## 0.1.1 (a release of this replay)\n');
  git(dir, 'commit', '-qam', 'replay: a release with a required answer header');
}

export const BYPASSES = [
  [
    '1 a DMP answer loses expires_in (pending changesets already bump every package)',
    (d) => {
      edit(
        d,
        'openapi/dmp/components/schemas/AccessTokenResponse.yaml',
        'required: [code, access_token, expires_in]',
        'required: [code, access_token]',
      );
      // The property's block: its line and every deeper-indented line after it.
      edit(d, 'openapi/dmp/components/schemas/AccessTokenResponse.yaml', /^ {2}expires_in:\n(?: {4}.*\n)*/m, '');
      edit(d, 'openapi/dmp/components/examples/AccessTokenOk.yaml', /^.*expires_in.*\n/m, '');
    },
  ],
  [
    '2 a filter-out decorator under apis.dmp in redocly.yaml drops /accesser/auth',
    (d) =>
      edit(
        d,
        'redocly.yaml',
        '    root: openapi/dmp/openapi.yaml\n',
        '    root: openapi/dmp/openapi.yaml\n    decorators:\n      filter-out:\n        property: operationId\n        value: getAccessToken\n',
      ),
  ],
  [
    '3 the DMP security scheme: http bearer -> apiKey header',
    (d) =>
      edit(
        d,
        'openapi/dmp/openapi.yaml',
        '      type: http\n      scheme: bearer\n',
        '      type: apiKey\n      in: header\n      name: Authorization\n',
      ),
  ],
  [
    '4 the DMP server URL: {dmp_url} -> {dmp_url}/v2',
    (d) => edit(d, 'openapi/dmp/openapi.yaml', "  - url: '{dmp_url}'", "  - url: '{dmp_url}/v2'"),
  ],
  [
    '5 a request default: is_ring true -> false',
    (d) => edit(d, 'openapi/push-v1/components/schemas/style/fields/IsRing.yaml', 'default: true', 'default: false'),
  ],
  [
    '6 unevaluatedProperties: false on the push_single request',
    (d) =>
      append(d, 'openapi/push-v1/components/schemas/requests/PushSingleRequest.yaml', 'unevaluatedProperties: false\n'),
  ],
  [
    "7 a narrower pattern through allOf beside push_time's own pattern",
    (d) => append(d, 'openapi/push-v1/components/schemas/PushTime.yaml', "allOf:\n  - pattern: '^20[0-9]{10}$'\n"),
  ],
  [
    "8a a required answer header's type: integer -> string",
    (d) => {
      releaseWithHeader(d);
      edit(d, PUSH_SINGLE, withHeader('integer'), withHeader('string'));
    },
  ],
  [
    '8b a required answer header removed',
    (d) => {
      releaseWithHeader(d);
      edit(d, PUSH_SINGLE, withHeader('integer'), '');
    },
  ],
  [
    '9 a request oneOf variant overlapping the others (style type: a bare integer)',
    (d) =>
      append(
        d,
        'openapi/push-v1/components/schemas/style/Style.yaml',
        '  - title: any style\n    type: object\n    required: [type]\n    properties:\n      type: { type: integer }\n',
      ),
  ],
  [
    '10 listTags renamed listQueryableTags',
    (d) => edit(d, 'openapi/dmp/paths/config_tags.yaml', 'operationId: listTags', 'operationId: listQueryableTags'),
  ],
];

/** A clone of the repository at `ref`, on a branch `main`, with this workspace's installed modules linked in. */
function cloneAt(ref) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-bypass-'));
  git(root, 'clone', '-q', '--shared', '--no-checkout', root, dir);
  git(dir, 'checkout', '-q', '-B', 'main', git(root, 'rev-parse', ref).trim());
  git(dir, 'config', 'user.name', 'replay');
  git(dir, 'config', 'user.email', 'replay@example.com');
  for (const sub of ['', 'openapi', 'packages/consumer-tests'])
    fs.symlinkSync(path.join(root, sub, 'node_modules'), path.join(dir, sub, 'node_modules'), 'dir');
  return dir;
}

/** The lines of the gate's answer that say what it found. */
const gist = (out) =>
  out
    .split('\n')
    .filter((l) =>
      /changeset check:|finding\(s\)|^\s+(breaking|review|non-breaking)\S* |no change under|needs /.test(l),
    )
    .slice(0, 8)
    .map((l) => `    ${l.trim().slice(0, 200)}`)
    .join('\n');

/**
 * What a maintainer does next: `api-diff --changeset`, a sentence in place of each MAINTAINER: line, and the gate
 * again (--follow).
 */
function follow(dir) {
  const write = spawnSync(process.execPath, ['scripts/api-diff/cli.mjs', '--changeset', 'replay'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const file = path.join(dir, '.changeset', 'replay.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(none written)';
  console.log(`  api-diff --changeset replay: exit ${write.status}\n${text.replace(/^/gm, '    | ')}`);
  if (fs.existsSync(file))
    fs.writeFileSync(
      file,
      text.replace(
        /^ {2}MAINTAINER:.*$/gm,
        '  The DMP client already assumes 7200 s when `expires_in` is missing; code reading it should do the same.',
      ),
    );
  const again = spawnSync(process.execPath, ['packages/consumer-tests/src/changeset-check.mjs'], {
    cwd: dir,
    encoding: 'utf8',
  });
  console.log(`  gate again, the sentence written: exit ${again.status}\n${gist(again.stdout + again.stderr)}\n`);
}

for (const [name, apply] of BYPASSES) {
  if (values.only && !name.startsWith(`${values.only} `)) continue;
  const dir = cloneAt(values.ref);
  try {
    apply(dir);
    const run = spawnSync(process.execPath, ['packages/consumer-tests/src/changeset-check.mjs'], {
      cwd: dir,
      encoding: 'utf8',
    });
    console.log(`${name}\n  gate at ${values.ref}: exit ${run.status}\n${gist(run.stdout + run.stderr)}\n`);
    if (values.follow) follow(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
