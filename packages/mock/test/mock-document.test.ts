// The derivation of the mock documents from the public bundles.
import { describe, expect, it } from 'vitest';
import { apis as registry } from '@pushapi/openapi/apis';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apis,
  DIALECT_2020_12,
  FIRST_PORT,
  prepareMockDocument,
  READY_TIMEOUT_MS,
  serverBasePath,
  startMocks,
  startPrism,
  toMockDocument,
} from '../src/index.mjs';
import { documents } from './support/documents.js';

describe('serverBasePath', () => {
  it.each([
    ['{base_url}/v1/{appid}', '/v1/{appid}'],
    ['{dmp_url}', ''],
    ['https://push.example.com/v1/{appid}/', '/v1/{appid}'],
    ['https://dmp.example.com', ''],
  ])('%s -> "%s"', (url, expected) => {
    expect(serverBasePath(url)).toBe(expected);
  });
});

describe('toMockDocument', () => {
  it('puts /v1/{appid} in front of every push v1 path and declares appid, without touching the public document', () => {
    const before = JSON.stringify(documents['push-v1']);
    const { document, basePath } = toMockDocument(documents['push-v1']);
    expect(JSON.stringify(documents['push-v1'])).toBe(before);
    expect(basePath).toBe('/v1/{appid}');
    expect(Object.keys(document.paths)).toEqual(Object.keys(documents['push-v1'].paths).map((p) => `/v1/{appid}${p}`));
    for (const item of Object.values<any>(document.paths)) {
      expect(item.parameters[0]).toMatchObject({
        name: 'appid',
        in: 'path',
        required: true,
        schema: { type: 'string' },
      });
    }
    expect(document.jsonSchemaDialect).toBe(DIALECT_2020_12);
  });

  it('keeps the DMP paths at the root', () => {
    const { document, basePath } = toMockDocument(documents.dmp);
    expect(basePath).toBe('');
    expect(Object.keys(document.paths)).toEqual(Object.keys(documents.dmp.paths));
  });
});

describe('the APIs served', () => {
  it('are the registry (redocly.yaml `apis:`) but those marked x-mock: false, in its order, on consecutive default ports from 4010', () => {
    const mocked = registry.filter((a) => a.mock);
    expect(mocked.length).toBeLessThan(registry.length); // the sandbox's control API is not mocked
    expect(apis.map((a) => a.name)).toEqual(mocked.map((a) => a.name));
    expect(apis.map((a) => a.defaultPort)).toEqual(mocked.map((_a, i) => FIRST_PORT + i));
    expect(FIRST_PORT).toBe(4010);
    expect(apis.map((a) => a.name)).toEqual(expect.arrayContaining(['push-v1', 'dmp']));
  });

  it('a port for an API the registry does not have is refused, naming it', async () => {
    await expect(startMocks({ ports: { 'push-v2': 5000 } })).rejects.toThrow(
      `no API named push-v2; the mock serves ${apis.map((a) => a.name).join(', ')}`,
    );
  });
});

describe('a Prism that does not come up', () => {
  it('waits two minutes by default: a start on a busy machine has taken over 30 s', () => {
    expect(READY_TIMEOUT_MS).toBe(120_000);
  });

  it('is reported as not listening in time, not as the exit its stopping causes', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-mock-late-'));
    try {
      const { file } = prepareMockDocument(apis[0]!, outDir);
      // No Prism prints its ready line within 0 ms: the wait ends first, every time.
      const start = startPrism({ file, host: '127.0.0.1', port: 0, name: 'push-v1', readyTimeoutMs: 0 });
      await expect(start).rejects.toThrow(/^push-v1 mock did not start: not listening after 0 ms/);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
