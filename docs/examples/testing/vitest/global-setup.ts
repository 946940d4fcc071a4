// Starts one sandbox for the whole test run, from the world file, and hands its URL to the test files.
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@pushapi/sandbox';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ seed: fileURLToPath(new URL('../world.yaml', import.meta.url)) });
  project.provide('sandboxUrl', sandbox.url);
  return () => sandbox.stop();
}
