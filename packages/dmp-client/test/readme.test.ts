// The README's example compiles against the current source.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { typecheckReadmeExample } from '@pushapi/client-core/testing/readme';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

it('the README example type-checks', () => {
  const messages = typecheckReadmeExample({
    readme: here('../README.md'),
    packageName: '@pushapi/dmp-client',
    entry: here('../src/index.ts'),
    tsconfig: here('../tsconfig.json'),
  });
  expect(messages).toEqual([]);
}, 600_000); // a hang guard: tsc takes about 20 s here, several times that on a busy CI machine
