// The project's own Spectral rules fire on a document that breaks them (and stay quiet on the real
// documents, which the lint task checks).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { loadDocument } from './documents.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Each test runs Spectral two times, about 20 s each on a quiet machine and several times that on a busy CI
// machine: the timeout only guards against a hang.
const LINT_TIMEOUT_MS = 600_000;

function lint(doc) {
  return new Set(lintResults(doc).map((r) => r.code));
}

/** Spectral's findings on a document, with the ruleset of the workspace. */
function lintResults(doc) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  const file = path.join(dir, 'broken.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  const res = spawnSync(
    path.join(root, 'node_modules/.bin/spectral'),
    ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--format', 'json', '--quiet'],
    { encoding: 'utf8' },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  return JSON.parse(res.stdout || '[]');
}

it(
  'reports each broken convention',
  () => {
    const doc = loadDocument('push-v1');
    const single = doc.paths['/push_single'].post;
    single.operationId = 'push_single';
    delete single.summary;
    delete single.requestBody.content['application/json'].examples;
    delete single.deprecated;
    doc.paths['/set_tags'].post['x-rate-controlled'] = false;
    doc.components.schemas.Result.enum = ['ok'];
    delete doc.components.schemas.Cid.description;
    doc.components.schemas.TaskIdRequest.required.push('task_id');
    doc.components.schemas.AuthSignResponse.oneOf[0].properties.result = { $ref: '#/components/schemas/Result' };
    doc.components.examples.AuthSignOk.value = { result: 'ok', auth_token: '2f1c0e6a4b' };
    delete doc.components.schemas.StyleVendor.properties.type.type;
    delete doc.components.schemas.StyleSystem.properties.type.enum;

    const codes = lint(doc);
    for (const rule of [
      'operation-id-camel-case',
      'operation-summary',
      'request-body-examples',
      'deprecated-api-operations',
      'rate-control-marked',
      'result-is-open',
      'property-description',
      'required-properties-defined',
      'examples-use-placeholders',
      'const-has-type',
      'const-has-enum',
    ])
      expect(codes, rule).toContain(rule);
  },
  LINT_TIMEOUT_MS,
);

it(
  'const-has-enum: a missing enum, an enum of another value and an enum of more values are each reported, and only those',
  () => {
    const messages = (doc) =>
      lintResults(doc)
        .filter((r) => r.code === 'const-has-enum')
        .map((r) => r.path.join('.'));
    // The real document: every const has its enum.
    expect(messages(loadDocument('push-v1'))).toEqual([]);
    const doc = loadDocument('push-v1');
    delete doc.components.schemas.StyleSystem.properties.type.enum;
    doc.components.schemas.StyleBanner.properties.type.enum = [6];
    doc.components.schemas.LinkMessage.properties.message.allOf[1].properties.msgtype.enum = ['link', 'notification'];
    // The same value written as a number where the const is a string is another value.
    doc.components.schemas.BigStyleImage.properties.big_style.enum = [1];
    expect(messages(doc).sort()).toEqual([
      'components.schemas.BigStyleImage.properties.big_style',
      'components.schemas.LinkMessage.properties.message.allOf.1.properties.msgtype',
      'components.schemas.StyleBanner.properties.type',
      'components.schemas.StyleSystem.properties.type',
    ]);
  },
  LINT_TIMEOUT_MS,
);
