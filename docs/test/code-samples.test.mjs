// The generated x-codeSamples: exact output on small fixture documents, failures on documents
// that lack the examples the samples are made from, and coverage of the real documents.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { withCodeSamples, curlSample, typescriptSample, requestExamples, CONSOLE_APIS } from '../src/code-samples.mjs';
import { listOperations, requestExample } from '../src/document.mjs';
import { tsLiteral } from '../src/literal.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(here, 'fixtures', `${name}.json`), 'utf8'));
const entryOf = (doc, operationId) => listOperations(doc).find((e) => e.operation.operationId === operationId);
const pushApi = apis.find((a) => a.name === 'push-v1');
const dmpApi = apis.find((a) => a.name === 'dmp');
const config = { ...pushApi, client: { ...pushApi.client, notes: {} } };

describe('curl samples', () => {
  const doc = fixture('mini-push');

  it('posts the first example (an examples $ref) without a token where security is empty', () => {
    expect(curlSample(doc, entryOf(doc, 'authSign'), config)).toBe(
      [
        'curl -X POST "${BASE_URL}/v1/${APPID}/auth_sign" \\',
        "  -H 'Content-Type: application/json' \\",
        "  --data '{",
        '  "sign": "SIGN",',
        '  "timestamp": "1700000000000",',
        '  "appkey": "APP_KEY"',
        "}'",
      ].join('\n'),
    );
  });

  it('fills path parameters from a referenced parameter example and sends the authtoken header', () => {
    expect(curlSample(doc, entryOf(doc, 'queryCid'), config)).toBe(
      'curl "${BASE_URL}/v1/${APPID}/query_cid/ALIAS_1" \\\n  -H "authtoken: ${AUTH_TOKEN}"',
    );
  });

  it('takes a path parameter example from the schema examples', () => {
    expect(curlSample(doc, entryOf(doc, 'stopTask'), config)).toMatch(
      /^curl -X DELETE "\$\{BASE_URL\}\/v1\/\$\{APPID\}\/stop_task\/RASA_0101_abc"/,
    );
  });

  it('escapes single quotes of the body for the shell', () => {
    expect(curlSample(doc, entryOf(doc, 'deleteUserBlkList'), config)).toContain(`"it'\\''s"`);
  });

  it('sends query parameters with --data-urlencode, a bearer token and the vendor Accept header', () => {
    const dmp = fixture('mini-dmp');
    expect(curlSample(dmp, entryOf(dmp, 'accesserAuth'), dmpApi)).toBe(
      [
        'curl --get "${DMP_URL}/accesser/auth" \\',
        "  --data-urlencode 'user_code=USER CODE' \\",
        "  --data-urlencode 'timestamp=1700000000000' \\",
        "  -H 'Accept: application/vnd.dmp.v1+json'",
      ].join('\n'),
    );
    expect(curlSample(dmp, entryOf(dmp, 'getUserTags'), dmpApi)).toContain(
      '-H "Authorization: Bearer ${ACCESS_TOKEN}"',
    );
  });

  it('writes the query of a method other than GET into its URL (--get would move a body into the query)', () => {
    const copy = structuredClone(doc);
    const stop = entryOf(copy, 'stopTask');
    stop.operation.parameters = [
      ...(stop.operation.parameters ?? []),
      { name: 'reason', in: 'query', schema: { type: 'string' }, example: 'done now' },
    ];
    const sample = curlSample(copy, entryOf(copy, 'stopTask'), config);
    expect(sample).toMatch(
      /^curl -X DELETE "\$\{BASE_URL\}\/v1\/\$\{APPID\}"'\/stop_task\/RASA_0101_abc\?reason=done\+now'/,
    );
    expect(sample).not.toContain('--data-urlencode');
  });

  it('quotes a path whose example needs it', () => {
    const copy = structuredClone(doc);
    copy.components.parameters.Alias.example = 'a b!$x';
    expect(curlSample(copy, entryOf(copy, 'queryCid'), config)).toMatch(
      /^curl "\$\{BASE_URL\}\/v1\/\$\{APPID\}"'\/query_cid\/a%20b!%24x'/,
    );
  });
});

describe('TypeScript samples', () => {
  const doc = fixture('mini-push');

  it('calls the client with the path, the params and the body of the examples', () => {
    const source = typescriptSample(doc, entryOf(doc, 'queryCid'), config.client);
    expect(source).toContain("import { createPushClient } from '@pushapi/push-v1-client';");
    expect(source).toContain(
      "const answer = await push.GET('/query_cid/{alias}', { params: { path: { alias: 'ALIAS_1' } } });",
    );
    const del = typescriptSample(doc, entryOf(doc, 'deleteUserBlkList'), config.client);
    expect(del).toContain("await push.DELETE('/user_blk_list', { body: { cid: ['CID_1', 'it\\'s'] } });");
  });

  it('adds the note of an operation the client performs by itself', () => {
    const source = typescriptSample(doc, entryOf(doc, 'authSign'), pushApi.client);
    expect(source).toMatch(
      /\/\/ The client signs in by itself[^\n]*\n\/\/ [^\n]*\nconst answer = await push\.POST\('\/auth_sign'/,
    );
  });

  it('never shows a requestid for the client to reuse: it is left out, and the sample says the client fills it in', () => {
    const doc = JSON.parse(fs.readFileSync(pushApi.bundle, 'utf8'));
    for (const operationId of ['pushSingle', 'pushApp', 'pushSingleBatch']) {
      const entry = entryOf(doc, operationId);
      expect(JSON.stringify(requestExample(doc, entry).value)).toContain('"requestid"');
      const source = typescriptSample(doc, entry, pushApi.client);
      expect(source, operationId).not.toMatch(/requestid:/);
      expect(source, operationId).toContain('// requestid is left out: the client fills in a new one for each call');
    }
    // Without the registry's `fills`, the example's requestid would be printed as it is.
    const plain = typescriptSample(doc, entryOf(doc, 'pushSingle'), { ...pushApi.client, fills: [] });
    expect(plain).toMatch(/requestid: 'req-/);
  });

  it('an API without a client gets curl samples only', () => {
    const out = withCodeSamples(fixture('mini-push'), { ...pushApi, client: undefined });
    for (const entry of listOperations(out))
      expect(entry.operation['x-codeSamples'].map((s) => s.label)).toEqual(['curl']);
  });

  it('prints literals with unquoted identifier keys and escaped strings', () => {
    expect(tsLiteral({ a: 1, 'b-c': 'x\'y"z\n', d: [true, null] })).toBe(
      `{ a: 1, 'b-c': 'x\\'y"z\\n', d: [true, null] }`,
    );
    const long = tsLiteral({ alpha: 'a'.repeat(30), beta: 'b'.repeat(30) });
    expect(long).toBe(`{\n  alpha: '${'a'.repeat(30)}',\n  beta: '${'b'.repeat(30)}',\n}`);
  });
});

describe('withCodeSamples', () => {
  it('adds both samples to every operation and leaves the input untouched', () => {
    const doc = fixture('mini-push');
    const before = JSON.stringify(doc);
    const out = withCodeSamples(doc, config);
    expect(JSON.stringify(doc)).toBe(before);
    for (const entry of listOperations(out)) {
      expect(entry.operation['x-codeSamples'].map((s) => s.label)).toEqual(['TypeScript client', 'curl']);
    }
    expect(out.info.description).toMatch(/^\[← All APIs and guides\]\(index\.html\)/);
  });

  it('fails on a request body without an example', () => {
    const doc = fixture('mini-push');
    delete doc.paths['/user_blk_list'].delete.requestBody.content['application/json'].example;
    expect(() => withCodeSamples(doc, config)).toThrow('DELETE /user_blk_list: request body has no example');
  });

  it('fails on a path parameter without an example', () => {
    const doc = fixture('mini-push');
    delete doc.components.parameters.Alias.example;
    expect(() => withCodeSamples(doc, config)).toThrow('GET /query_cid/{alias}: parameter alias has no example');
  });

  for (const api of apis) {
    it(`covers every operation of ${api.name}`, () => {
      const doc = JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
      const out = withCodeSamples(doc, api);
      const entries = listOperations(out);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const [ts, curl] = entry.operation['x-codeSamples'];
        expect(ts.source).toContain(`.${entry.method.toUpperCase()}('${entry.path}'`);
        // One curl command per named request example (each under a comment naming it), or the one of the first.
        const examples = requestExamples(doc, entry);
        const commands = curl.source.split('\n').filter((line) => line.startsWith('curl '));
        expect(commands.length).toBe(Math.max(1, examples.length));
        if (examples.length > 1) {
          for (const { name } of examples) {
            expect(curl.source).toContain(`# Example "${name}"`);
            expect(ts.source).toContain(`// Example "${name}"`);
          }
        }
        // Never a fixed requestid: the TypeScript client fills one in, curl makes a new one for each run.
        expect(curl.source).not.toMatch(/"requestid": "req-/);
        expect(ts.source).not.toMatch(/requestid: 'req-/);
        if (/"requestid"/.test(curl.source)) expect(curl.source).toContain('REQUESTID=$(openssl rand -hex 12)');
        // Operations of the APIs the console sends link to it.
        if (CONSOLE_APIS.has(api.name))
          expect(entry.operation.description).toContain(`(../console/#${api.name}/${entry.operation.operationId})`);
      }
    });
  }
});
