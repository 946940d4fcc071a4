// Section 7's load is what it says: its loop covers every operation of push v1 and DMP, and against a real
// sandbox every answer of a few loops is accepted (the section fails on one wrong answer, so a broken sequence
// would fail the bench instead of measuring refusals).
import { loadDocument } from '@pushapi/openapi/apis';
import { listOperations } from '@pushapi/openapi/walk';
import { startSandbox } from '@pushapi/sandbox';
import { describe, expect, it } from 'vitest';
import { CONNECTIONS, mixedLoad, setUp, STEPS } from '../src/sandbox-load.mjs';

describe('the mixed load of section 7', () => {
  it('covers every push v1 and DMP operation', () => {
    const template = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
    const sample = { slot: 3, n: 1, token: 't', dmpToken: 'd', single: 'RASS_x', list: 'RASL_x', scheduled: 'RASA_x' };
    const sent = STEPS.map((step) => ({ method: step.method, path: step.path(sample) }));
    for (const [document, base] of [
      ['push-v1', '/v1/load-job-3'],
      ['dmp', '/dmp'],
    ] as const) {
      for (const op of listOperations(loadDocument(document))) {
        const pattern = template(`${base}${op.path}`);
        expect(
          sent.some((s) => s.method === op.method.toUpperCase() && pattern.test(s.path)),
          `${op.method.toUpperCase()} ${op.path}`,
        ).toBe(true);
      }
    }
  });

  it('is answered ok, every request of it, by a sandbox', async () => {
    const sandbox = await startSandbox();
    try {
      await setUp(sandbox.url);
      const result = await mixedLoad(sandbox.url, STEPS.length * CONNECTIONS, true);
      expect(result.total).toBe(STEPS.length * CONNECTIONS);
    } finally {
      await sandbox.stop();
    }
  });
});
