// @ts-check
// The client generators teams already use, as the generator matrix (matrix/generator-checks.ts) runs them: each
// with exact versions, installed from the registry into its own project in the system's temporary folder, run
// on a Node its `engines` accept (Node 24 of src/runtimes.mjs where it asks for Node >= 22), on the public
// bundles push-v1 and dmp. The table of the "Using another generator" guide (docs/guides/generators.md) is
// this list as measured.
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} GeneratorSpec
 * @property {string} id          short name, the project folder's suffix
 * @property {string} name        the package teams install
 * @property {string} version     its exact version
 * @property {Record<string, string>} packages  everything installed into the project (name -> exact version)
 * @property {string | undefined} runtime  id of the Node of src/runtimes.mjs it runs on; undefined: this machine's Node
 * @property {string[]} files     files of generators/ copied into the project (configurations)
 * @property {{ package: string, bin: string, args: string[] }[]} commands  how it generates both clients, in order
 * @property {string} body        source of body.ts: exports `Body`, the generated push_single request body type
 * @property {string} pushDir     where the push v1 client lands, relative to the project
 * @property {boolean} marksDeprecated  whether the generated push v1 code marks the operations `@deprecated`
 * @property {string | undefined} call  file of generators/ that signs in and pushes with the generated client
 */

/** The TypeScript every project compiles with: the workspace's, and the one hey-api needs (see below). */
const typescript = '5.9.3';
const typesNode = '20.19.43';
const apis = ['push-v1', 'dmp'];

/** The generators as written here; `generatorSpecs` adds TypeScript and Node's types to each project. */
const specs = /** @type {GeneratorSpec[]} */ ([
  {
    id: 'hey-api',
    name: '@hey-api/openapi-ts',
    version: '0.99.0',
    // Its peer range on typescript takes the newest (7), on which it crashes: TypeScript 5.9 is pinned beside it.
    packages: { '@hey-api/openapi-ts': '0.99.0' },
    runtime: 'node-24.21.0', // engines: node >= 22.18
    files: [],
    commands: apis.map((api) => ({
      package: '@hey-api/openapi-ts',
      bin: 'openapi-ts',
      args: ['-i', `${api}.json`, '-o', `gen/${api}`, '-c', '@hey-api/client-fetch', '--no-log-file', '--silent'],
    })),
    body: "export type { PushSingleRequest as Body } from './gen/push-v1/types.gen';\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: true,
    call: 'call.hey-api.ts',
  },
  {
    id: 'orval',
    name: 'orval',
    version: '8.38.0',
    packages: { orval: '8.38.0' },
    runtime: 'node-24.21.0', // engines: node >= 22.18
    // The base URL from the document's servers, its variables read at run time (orval.config.mjs).
    files: ['orval.config.mjs'],
    commands: [{ package: 'orval', bin: 'orval', args: ['--config', 'orval.config.mjs'] }],
    body: "export type { PushSingleRequest as Body } from './gen/push-v1/client';\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: true,
    call: 'call.orval.ts',
  },
  {
    id: 'swagger-typescript-api',
    name: 'swagger-typescript-api',
    version: '13.13.0',
    packages: { 'swagger-typescript-api': '13.13.0' },
    runtime: undefined, // engines: node >= 20
    files: [],
    // Its default client is fetch (`--http-client fetch` gives an axios client in 13.13.0).
    commands: apis.map((api) => ({
      package: 'swagger-typescript-api',
      bin: 'swagger-typescript-api',
      args: ['generate', '-p', `${api}.json`, '-o', `gen/${api}`, '-n', 'client.ts', '--silent'],
    })),
    body: "export type { PushSingleRequest as Body } from './gen/push-v1/client';\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: true,
    call: undefined,
  },
  {
    id: 'kubb',
    name: '@kubb/cli',
    version: '4.39.3',
    packages: {
      '@kubb/cli': '4.39.3',
      '@kubb/core': '4.39.3',
      '@kubb/plugin-oas': '4.39.3',
      '@kubb/plugin-ts': '4.39.3',
      '@kubb/plugin-client': '4.39.3',
    },
    runtime: undefined, // engines: node >= 20
    // Imports without the `.ts` ending it writes by default (TS5097 without allowImportingTsExtensions).
    files: ['kubb.config.ts'],
    commands: [{ package: '@kubb/cli', bin: 'kubb', args: ['generate', '--config', 'kubb.config.ts'] }],
    body: "export type { PushSingleRequest as Body } from './gen/push-v1/types/PushSingleRequest';\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: true,
    call: undefined,
  },
  {
    id: 'openapi-typescript-codegen',
    name: 'openapi-typescript-codegen',
    version: '0.31.0',
    packages: { 'openapi-typescript-codegen': '0.31.0' },
    runtime: undefined, // no engines
    files: [],
    // --useUnionTypes: a one-value enum becomes a literal type (a TypeScript enum without it).
    commands: apis.map((api) => ({
      package: 'openapi-typescript-codegen',
      bin: 'openapi',
      args: ['-i', `${api}.json`, '-o', `gen/${api}`, '-c', 'fetch', '--useUnionTypes'],
    })),
    body: "export type { PushSingleRequest as Body } from './gen/push-v1/models/PushSingleRequest';\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: true,
    call: undefined,
  },
  {
    id: 'openapi-zod-client',
    name: 'openapi-zod-client',
    version: '1.18.3',
    packages: { 'openapi-zod-client': '1.18.3' },
    runtime: undefined, // no engines
    files: [],
    // --with-deprecated: without it every push v1 operation (all deprecated) is left out.
    commands: apis.map((api) => ({
      package: 'openapi-zod-client',
      bin: 'openapi-zod-client',
      args: [`${api}.json`, '-o', `gen/${api}/client.ts`, '--export-schemas', '--with-deprecated'],
    })),
    // Types come from the zod schemas; a request body is the schema's input type (defaults optional).
    body: "import type { z } from 'zod';\nimport type { schemas } from './gen/push-v1/client';\nexport type Body = z.input<typeof schemas.PushSingleRequest>;\n",
    pushDir: 'gen/push-v1',
    marksDeprecated: false,
    call: undefined,
  },
]);

/** @type {readonly GeneratorSpec[]} */
export const generatorSpecs = specs.map((spec) => ({
  ...spec,
  packages: { ...spec.packages, typescript, '@types/node': typesNode },
}));

/**
 * The matrix runs in two lanes side by side, one test file each (matrix/generators-lane-*.test.ts): every other
 * generator of the list, so that each lane has about half the work (in the generator times of a quiet `.ci/run`, 128 s
 * and 139 s of the 277 s the six took one after the other). Half the time is npm's installs and the
 * generators' own start, which wait on the disk and the network more than on a core.
 * @param {1 | 2} lane
 * @returns {GeneratorSpec[]}
 */
export const generatorLane = (lane) => generatorSpecs.filter((_, i) => i % 2 === lane - 1);

/** @param {string} id */
export function generatorSpec(id) {
  const spec = generatorSpecs.find((s) => s.id === id);
  if (!spec) throw new Error(`unknown generator "${id}"; known: ${generatorSpecs.map((s) => s.id).join(', ')}`);
  return spec;
}

/**
 * The file a package's bin runs (its `bin` field), so it can be started with a chosen Node.
 * @param {string} project
 * @param {string} pkg
 * @param {string} bin
 */
export function binPath(project, pkg, bin) {
  const dir = path.join(project, 'node_modules', ...pkg.split('/'));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const file = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
  if (!file) throw new Error(`${pkg} has no bin "${bin}"`);
  return path.join(dir, file);
}

/**
 * Every `enum` that stands beside a `const` removed, in place: the documents as they were before the enums were
 * added, for the negative test (a generator that ignores `const` then loses the literal types).
 * @param {any} node
 */
export function withoutEnumBesideConst(node) {
  if (node && typeof node === 'object') {
    if (!Array.isArray(node) && 'const' in node && Array.isArray(node.enum)) delete node.enum;
    for (const value of Object.values(node)) withoutEnumBesideConst(value);
  }
  return node;
}
