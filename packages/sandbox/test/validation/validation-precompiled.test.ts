// The validators generated at build time (Ajv's standalone code, validation/standalone.ts): with them no request
// compiles a validator, whatever its kind (counted with a spy on Ajv's compile, never timed), and each request gets
// the same violations as from validators compiled on first use. Code made from other documents is not used.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fixtures } from '@pushapi/openapi/fixtures';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP } from '../../src/shared/config.js';
import { listOperations, loadDocuments, type OperationSpec } from '../../src/start/documents.js';
import { readLeniently, warmUpChecks } from '../../src/validation/lenient.js';
import { validateRequest, type RequestParts } from '../../src/validation/request.js';
import { SchemaSet, type Precompiled } from '../../src/validation/schemas.js';
import { documentsHash, loadPrecompiled, standaloneModules } from '../../src/validation/standalone.js';

const documents = loadDocuments();
const operations = listOperations(documents);
// In the package (its node_modules hold ajv and ajv-formats, as for dist/), outside node_modules, where Vitest
// would transform what it imports: the code is loaded with Node's require all the same.
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let precompiled: Precompiled;

beforeAll(() => {
  dir = mkdtempSync(path.join(packageDir, '.validators-test-'));
  for (const [name, code] of Object.entries(standaloneModules(documents, operations)))
    writeFileSync(path.join(dir, name), code);
  precompiled = loadPrecompiled(documents, pathToFileURL(`${dir}/`))!;
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every fixture of the documents as the parts of a request to its operation, and a few bodies of other kinds. */
function requests(): { op: OperationSpec; parts: RequestParts }[] {
  const out = fixtures.flatMap((f) => {
    const op = operations.find((o) => o.api === f.api && o.operationId === f.operationId);
    const params = Object.fromEntries(Object.entries(f.params ?? {}).map(([k, v]) => [k, String(v)]));
    const query = new URLSearchParams(Object.entries(f.query ?? {}).map(([k, v]) => [k, String(v)]));
    return op ? [{ op, parts: { params, query, body: f.body } }] : [];
  });
  // Bodies of the wrong shape for every operation that takes one: a number, an empty object, an unknown field.
  for (const op of operations.filter((o) => o.body)) {
    for (const body of [42, {}, { unknownField: [1] }])
      out.push({ op, parts: { params: {}, query: new URLSearchParams(), body } });
  }
  // Texts checked by length (Ajv's runtime ucs2length), valid and not.
  const putApp = operations.find((o) => o.operationId === 'putApp')!;
  for (const body of [{ appkey: '' }, { appkey: 'k', devices: [{ cid: 'c' }] }])
    out.push({ op: putApp, parts: { params: { appid: 'a' }, query: new URLSearchParams(), body } });
  return out;
}

describe('validators generated at build time', () => {
  it('are loaded for the documents they were made from', () => {
    expect(Object.keys(precompiled.check).length).toBeGreaterThan(100);
    expect(Object.keys(precompiled.shallow).length).toBeGreaterThan(100);
  });

  it('no request compiles a validator, and each gets the violations validators compiled on first use give', () => {
    const lazy = new SchemaSet(documents);
    const all = requests();
    const expected = all.map(({ op, parts }) => [validateRequest(lazy, op, parts), readLeniently(lazy, op, parts)]);
    expect(lazy.compiled).toBeGreaterThan(100); // the adversary: compiled on first use, the spy below would see it
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    try {
      const ready = new SchemaSet(documents, precompiled);
      warmUpChecks(ready, operations); // what the server runs at start with them
      const got = all.map(({ op, parts }) => [validateRequest(ready, op, parts), readLeniently(ready, op, parts)]);
      expect(compile).not.toHaveBeenCalled();
      expect(ready.compiled).toBe(0);
      expect(got).toEqual(expected);
      expect(expected.some(([violations]) => (violations as unknown[]).length > 0)).toBe(true);
    } finally {
      compile.mockRestore();
    }
  });

  it('the `all` validators (only what the explainer cannot walk needs them) load on first use, compiling nothing', () => {
    const ref = operations.find((o) => o.operationId === 'pushSingle')!.body!.ref;
    const body = { cid: 7, message: { msgtype: 'nope' } };
    const expected = new SchemaSet(documents).errors(ref, body);
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    try {
      const ready = new SchemaSet(documents, precompiled);
      expect(ready.errors(ref, body)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('code made from other documents is not used (their validators would check the wrong rules)', () => {
    const changed = structuredClone(documents);
    (changed['push-v1'] as { info: { version: string } }).info.version = 'changed';
    expect(loadPrecompiled(changed, pathToFileURL(`${dir}/`))).toBeUndefined();
  });

  it('without generated code (the source tree) there is none to load, and validators compile on first use', () => {
    expect(loadPrecompiled(documents, pathToFileURL(`${dir}/nowhere/`))).toBeUndefined();
  });
});

// The built package as a user starts it (dist/, which the test task builds first): once startSandbox has resolved
// (the sandbox listens and /readyz says ready), no request of any kind compiles a validator. Counted in a child
// process with Ajv's compile wrapped, never timed.
const probe = `
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startSandbox } from './dist/index.js';
import { createRequire } from 'node:module';
let compiles = 0;
let documentsAdded = 0;
const compile = Ajv2020.prototype.compile;
Ajv2020.prototype.compile = function (...args) { compiles++; return compile.apply(this, args); };
const addSchema = Ajv2020.prototype.addSchema;
Ajv2020.prototype.addSchema = function (...args) { documentsAdded++; return addSchema.apply(this, args); };
// A failed warm-up is logged, and the test wants nothing on stderr.
const sandbox = await startSandbox({ port: 0, log: (line) => { if (line.includes('warm-up')) console.error(line); } });
const atReady = compiles;
const start = { ajvs: documentsAdded, allLoaded: Object.keys(createRequire(import.meta.url).cache).some((f) => f.endsWith('all.cjs')) };
// The warm-up of the request path ran on a scratch sandbox: this one has seen no request and holds the default app only.
const read = (path) => fetch(sandbox.url + path).then((r) => r.text());
const trace = { requests: JSON.parse(await read('/control/requests')).requests.length, apps: JSON.parse(await read('/control/apps')).apps.map((a) => a.appid),
  counted: (await read('/metrics')).split('\\n').filter((l) => l.startsWith('sandbox_requests_total{') && !/operation="(listRequests|listApps)"/.test(l)) };
const app = await sandbox.app({ devices: [{ cid: 'phone', online: true }] });
const token = await fetch(sandbox.url + '/v1/' + app.appid + '/auth_sign', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify(await (async () => { const timestamp = String(Date.now()); const { createHash } = await import('node:crypto');
    return { sign: createHash('sha256').update(app.appkey + timestamp + app.mastersecret).digest('hex'), timestamp, appkey: app.appkey }; })()) }).then((r) => r.json());
const push = (path, body) => fetch(sandbox.url + '/v1/' + app.appid + path, { method: 'POST', headers: { 'content-type': 'application/json', authtoken: token.auth_token }, body: JSON.stringify(body) }).then((r) => r.status);
const statuses = [
  await push('/push_single', { message: { msgtype: 'notification', is_offline: true }, notification: { style: { type: 0, title: 't', text: 'x', logo: 'icon.png' } }, cid: 'phone', requestid: 'probe-request-0000001' }),
  await push('/push_single', { message: { msgtype: 'notification', is_offline: true }, notification: { style: { type: 0 } }, cid: 'phone' }),
  await push('/push_single', { message: { msgtype: 'nope' }, cid: 'phone', alias: 'a' }),
  await push('/push_app', { message: { msgtype: 'transmission', is_offline: 'yes' }, transmission: { transmission_content: 1 }, condition: [{ key: 'x' }] }),
  await push('/bind_alias', { alias_list: [{ cid: '', alias: 7 }] }),
  await fetch(sandbox.url + '/control/apps', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appkey: '', devices: [{ online: 1 }] }) }).then((r) => r.status),
];
console.log(JSON.stringify({ atReady, after: compiles - atReady, statuses, start, trace }));
await sandbox.stop();
`;

describe('the built sandbox', () => {
  it('compiles no validator once it is ready, for a valid push and invalid bodies of several kinds', () => {
    const built = createRequire(import.meta.url)('../../dist/validators/check.cjs') as { hash: string };
    expect(
      built.hash === documentsHash(documents),
      'dist/ was built from other documents: build the sandbox again',
    ).toBe(true);
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: packageDir,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(run.stderr).toBe('');
    const { after, statuses, start, trace } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      after: number;
      statuses: number[];
      start: { ajvs: number; allLoaded: boolean };
      trace: { requests: number; apps: string[]; counted: string[] };
    };
    // The request path was warmed up on a scratch sandbox (warm-up.ts), which leaves nothing in this one.
    expect(trace).toEqual({ requests: 0, apps: [DEFAULT_APP.appid], counted: [] });
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    expect(after).toBe(0);
    // The start makes no Ajv (no document added to one) and leaves the 2 MB of `all` validators unread.
    expect(start).toEqual({ ajvs: 0, allLoaded: false });
  });
});
