// Section 11's suite checks what it says against a real sandbox: every test passes there, and one whose app lacks
// the devices it names fails (a suite that checked nothing could not tell). Its MSW stub answers every call of the
// suite with the sandbox's recorded answers (and a wrong answer fails the suite); the in-process mode runs with the
// global fetch failing, so only sandbox.fetch can answer it.
import { connectSandbox, startSandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  countedRun,
  globalFetch,
  inProcessRun,
  recordAnswers,
  runSuite,
  startMsw,
  TESTS,
} from '../src/sandbox-suite.mjs';

const KINDS = Object.keys(TESTS).length;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox?.stop());

it('passes against a sandbox, every kind; an app made without its devices fails', async () => {
  const connected = connectSandbox({ url: sandbox.url });
  const result = await runSuite({ app: (devices) => connected.app({ devices }) }, KINDS);
  expect(result.perTestMs).toBeGreaterThan(0);
  await expect(TESTS.push_single!({ app: () => connected.app() })).rejects.toThrow(/no_user/);
});

it('MSW answers every call with the recorded answers; a wrong recorded answer fails the suite', async () => {
  const answers = await recordAnswers(sandbox.url);
  const msw = startMsw(answers);
  try {
    const run = await countedRun(msw.target, KINDS, globalFetch, () => msw.counter.answered);
    expect(run.calls).toBeGreaterThanOrEqual(2 * KINDS);
    expect(msw.counter.answered).toBe(run.calls);
  } finally {
    msw.stop();
  }
  const push = answers.get('push_single')!;
  const wrong = startMsw(new Map([...answers, ['push_single', { ...push, body: '{"result":"no_user"}' }]]));
  try {
    await expect(countedRun(wrong.target, KINDS, globalFetch)).rejects.toThrow(/push_single: no_user/);
  } finally {
    wrong.stop();
  }
});

it('the in-process mode makes the same calls with no socket (the global fetch fails meanwhile)', async () => {
  const starts: number[] = [];
  const realFetch = globalThis.fetch;
  const run = await inProcessRun(KINDS, starts);
  expect(globalThis.fetch).toBe(realFetch);
  expect(run.calls).toBeGreaterThanOrEqual(2 * KINDS);
  expect(starts).toHaveLength(1);
});
