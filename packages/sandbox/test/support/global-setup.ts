// One sandbox for the test files of a project (each test makes its own app, so files run in parallel). In the
// via-prism project, the push v1 and DMP calls go through `prism proxy --errors` in front of the sandbox: a
// request or an answer that breaks the public documents fails its test, and any violation Prism reports fails
// the run at teardown.
import { apis, prepareMockDocument, startPrism } from '@pushapi/mock';
import type { TestProject } from 'vitest/node';
import { listenSandbox } from '../../src/start/sandbox.js';

declare module 'vitest' {
  export interface ProvidedContext {
    viaPrism: boolean;
    sandboxUrl: string;
    pushBaseUrl: string;
    dmpBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const viaPrism = project.config.provide?.viaPrism === true;
  const sandbox = await listenSandbox({ port: 0 });
  const violations: string[] = [];
  const proxies: { stop(): Promise<void> }[] = [];
  let pushBaseUrl = sandbox.pushBaseUrl;
  let dmpBaseUrl = sandbox.dmpBaseUrl;
  if (viaPrism) {
    const upstream: Record<string, string> = { 'push-v1': sandbox.pushBaseUrl, dmp: sandbox.dmpBaseUrl };
    const started = await Promise.all(
      apis.map(async (api) => {
        const { file } = prepareMockDocument(api);
        const proxy = await startPrism({
          file,
          host: '127.0.0.1',
          port: 0,
          upstream: upstream[api.name]!,
          name: `${api.name} referee`,
          onLog: (line) => {
            if (/violation/i.test(line)) violations.push(`${api.name}: ${line}`);
          },
        });
        proxies.push(proxy);
        return [api.name, proxy.url] as const;
      }),
    );
    const urls = Object.fromEntries(started);
    pushBaseUrl = urls['push-v1']!;
    dmpBaseUrl = urls.dmp!;
  }
  project.provide('viaPrism', viaPrism);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('pushBaseUrl', pushBaseUrl);
  project.provide('dmpBaseUrl', dmpBaseUrl);
  return async () => {
    await Promise.all(proxies.map((p) => p.stop()));
    await sandbox.stop();
    if (violations.length > 0) {
      throw new Error(
        `Prism found ${violations.length} violation(s) of the public documents:\n${violations.join('\n')}`,
      );
    }
  };
}
