// Section 11's suite checks what it says against a real sandbox: every test passes there, and one whose app lacks
// the devices it names fails (a suite that checked nothing could not tell).
import { connectSandbox, startSandbox } from '@pushapi/sandbox';
import { expect, it } from 'vitest';
import { runSuite, TESTS } from '../src/sandbox-suite.mjs';

it('passes against a sandbox, every kind; an app made without its devices fails', async () => {
  const sandbox = await startSandbox({ port: 0 });
  try {
    const connected = connectSandbox({ url: sandbox.url });
    const result = await runSuite({ app: (devices) => connected.app({ devices }) }, Object.keys(TESTS).length);
    expect(result.perTestMs).toBeGreaterThan(0);
    await expect(TESTS.push_single!({ app: () => connected.app() })).rejects.toThrow(/no_user/);
  } finally {
    await sandbox.stop();
  }
});
