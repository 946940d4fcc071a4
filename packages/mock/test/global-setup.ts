// Starts both mocks on free ports before any test file runs; vitest calls the returned teardown after
// the run, also when tests fail. A runner killed outright is covered by the watchdog in every Prism.
import type { TestProject } from 'vitest/node';
import { startMocks } from '../src/index.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pushBaseUrl: string;
    dmpBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mocks = await startMocks({ pushPort: 0, dmpPort: 0 });
  project.provide('pushBaseUrl', mocks.push.baseUrl);
  project.provide('dmpBaseUrl', mocks.dmp.baseUrl);
  return async () => {
    await mocks.stop();
  };
}
