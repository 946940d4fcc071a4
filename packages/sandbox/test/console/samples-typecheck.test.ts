// The console's typed client calls (`push.POST('/push_single', { body })`) compile against the clients: for every
// push v1 and DMP operation and each of its named request examples, the call the console shows is written out and
// checked by tsc, and a call that does not match the client fails the same check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../page/console/catalogue.mjs';
import type { CatalogueApi } from '../../page/console/src/catalogue.js';
import { clientCall, curlCommand, type ConsoleRequest } from '../../page/console/src/samples.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = path.join(packageDir, 'node_modules', '.bin', 'tsc');

/** Writes the sources into a fresh folder (inside node_modules, so the clients resolve) and runs tsc there. */
function typecheck(folder: string, files: Record<string, string>) {
  const dir = path.join(packageDir, 'node_modules', '.cache', folder);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(packageDir, '..', '..', 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, types: ['node'], declaration: false },
      include: ['*.ts'],
    }),
  );
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.ts`), source);
  const res = spawnSync(tsc, ['-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/** Every request the console prefills: each operation with each named example (or its parameters alone). */
function requests(): Record<string, ConsoleRequest> {
  const out: Record<string, ConsoleRequest> = {};
  for (const api of catalogue() as CatalogueApi[]) {
    for (const op of api.operations) {
      const params = (where: 'path' | 'query') =>
        Object.fromEntries(op.parameters.filter((p) => p.in === where).map((p) => [p.name, p.example ?? '']));
      const examples = op.body?.examples.length ? op.body.examples : [undefined];
      for (const example of examples) {
        const name = `${api.name}-${op.operationId}${example ? `-${example.name}` : ''}`.replace(/[^A-Za-z0-9]/g, '_');
        out[name] = {
          api: api.name,
          op,
          appid: 'sandbox-app',
          origin: 'http://127.0.0.1:4020',
          path: params('path'),
          query: params('query'),
          body: example?.value,
        };
      }
    }
  }
  return out;
}

describe("the console's typed client calls", () => {
  const all = requests();

  it('compile against @pushapi/push-v1-client and @pushapi/dmp-client, for every operation and named example', () => {
    expect(Object.keys(all).length).toBeGreaterThan(31);
    const sources = Object.fromEntries(Object.entries(all).map(([name, request]) => [name, clientCall(request)]));
    expect(sources.push_v1_pushSingle_notification).toContain("push.POST('/push_single', {");
    const { status, output } = typecheck('console-samples', sources);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('a call that does not match the client fails the check (it is not vacuous)', () => {
    const good = clientCall(all.push_v1_pushSingle_notification!);
    const wrong = good.replace('"msgtype": "notification"', '"msgtype": "link"');
    expect(wrong).not.toBe(good);
    const unknownPath = clientCall(all.push_v1_queryBiTags!).replace("'/query_bi_tags'", "'/query_bi_tag'");
    const { status, output } = typecheck('console-samples-negative', { wrong, unknownPath });
    expect(status).not.toBe(0);
    expect(output).toContain('wrong.ts');
    expect(output).toContain('unknownPath.ts');
  });

  it('never write a credential: the token, master secret and auth code are environment variables', () => {
    for (const request of Object.values(all)) {
      const curl = curlCommand(request);
      if (request.op.secured) expect(curl).toMatch(/\$\{(AUTH_TOKEN|ACCESS_TOKEN)\}/);
      expect(clientCall(request)).toMatch(/process\.env\.(MASTER_SECRET|AUTH_CODE)!/);
    }
  });
});
