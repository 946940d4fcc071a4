// Starts a mock of every API of the registry on free ports before any test file runs; vitest calls the
// returned teardown after the run, also when tests fail. A runner killed outright is covered by the watchdog
// in every Prism.
import type { TestProject } from 'vitest/node';
import { startMocks } from '../src/index.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of each running mock, by API name. */
    baseUrls: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const mocks = await startMocks({ port: 0 });
  project.provide('baseUrls', Object.fromEntries(Object.values(mocks.servers).map((m) => [m.name, m.baseUrl])));
  return async () => {
    await mocks.stop();
  };
}
