// The warm-up of the request path (warm-up.ts) reaches the code it is there for: a valid and an invalid request of
// every push v1 and DMP operation gets past sign-in to its operation (no 401, no 404, no 5xx), and a valid one is
// accepted. Read from the scratch sandbox's own request log just before it stops.
import { afterAll, describe, expect, it } from 'vitest';
import { listOperations, loadDocuments } from '../../src/start/documents.js';
import { listenSandbox, type RunningSandbox } from '../../src/start/sandbox.js';
import { warmUpRequestPath } from '../../src/start/warm-up.js';

const documents = loadDocuments();
let scratch: RunningSandbox | undefined;
afterAll(() => scratch?.stop());

describe('the warm-up of the request path', () => {
  it('sends a valid and an invalid request of every push v1 and DMP operation, each reaching its operation', async () => {
    let logged: { operation: string; api: string; status: number }[] = [];
    await warmUpRequestPath(async () => {
      scratch = await listenSandbox({ port: 0 });
      const running = scratch;
      return {
        url: running.url,
        stop: async () => {
          const answer = await fetch(`${running.url}/control/requests?limit=1000`);
          logged = ((await answer.json()) as { requests: typeof logged }).requests;
          await running.stop();
        },
      };
    }, documents);
    const served = listOperations(documents).filter((op) => op.api !== 'control');
    const byOperation = new Map<string, number[]>();
    for (const entry of logged)
      byOperation.set(entry.operation, [...(byOperation.get(entry.operation) ?? []), entry.status]);
    for (const op of served) {
      const statuses = byOperation.get(op.name) ?? [];
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        `${op.name}: ${statuses.join(', ')}`,
      ).toBe(true);
      // A sign-in's own refusal (the DMP fixture carries example signs: 401) still ran its operation.
      const signIn = op.name === 'auth_sign' || op.name === 'accesser/auth';
      expect(
        statuses.every((s) => s < 500 && s !== 404 && (signIn || s !== 401)),
        `${op.name}: ${statuses.join(', ')}`,
      ).toBe(true);
    }
    // The control calls a test makes ran too: the app made with its devices.
    expect(byOperation.get('putApp')).toEqual([201]);
  });
});
