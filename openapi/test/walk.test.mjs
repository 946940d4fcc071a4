// The shared document walker (lib/walk.mjs) on small documents, and the registry as installed packages see it
// (lib/apis.mjs, read from dist/apis.json) against its source, the `apis:` of the root redocly.yaml.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apis as registry, readRegistry } from '../../scripts/apis.mjs';
import { apiNamed, apis, loadDocument } from '../lib/apis.mjs';
import {
  createRouter,
  deref,
  exampleOf,
  label,
  listOperations,
  locate,
  parameterExamples,
  requestExample,
  resolvePointer,
  serverBasePath,
} from '../lib/walk.mjs';

const doc = {
  openapi: '3.1.0',
  servers: [
    { url: '{base}/v1/{appid}', variables: { base: { default: 'https://x.test' }, appid: { default: 'APP' } } },
  ],
  paths: {
    '/items/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'trace', in: 'header', schema: { type: 'string' } }],
      get: {
        operationId: 'getItem',
        parameters: [
          { name: 'trace', in: 'header', required: true, example: 'op-level' },
          { name: 'q', in: 'query', schema: { examples: ['from-schema'] } },
        ],
      },
      delete: { operationId: 'deleteItem' },
    },
    '/items/new': {
      get: { operationId: 'newItem' },
      post: {
        operationId: 'createItem',
        requestBody: { $ref: '#/components/requestBodies/Item' },
      },
    },
    '/a~b/c': { $ref: '#/components/pathItems/Odd' },
  },
  components: {
    parameters: { Id: { name: 'id', in: 'path', required: true, example: 'ID_1' } },
    requestBodies: {
      Item: {
        content: {
          'application/json': { examples: { first: { $ref: '#/components/examples/First' }, second: { value: 2 } } },
        },
      },
    },
    examples: { First: { value: { name: 'first' } } },
    pathItems: { Odd: { post: { operationId: 'odd', requestBody: { content: { 'application/json': {} } } } } },
    schemas: { Loop: { $ref: '#/components/schemas/Loop' } },
  },
};

describe('walker', () => {
  it('follows local references, and names a cycle, a missing target and a remote reference', () => {
    expect(deref(doc, { $ref: '#/components/parameters/Id' })).toBe(doc.components.parameters.Id);
    expect(deref(doc, 5)).toBe(5);
    expect(() => deref(doc, { $ref: '#/components/schemas/Loop' })).toThrow(
      'reference cycle at #/components/schemas/Loop',
    );
    expect(() => deref(doc, { $ref: '#/components/schemas/None' })).toThrow(
      'unresolved reference #/components/schemas/None',
    );
    expect(() => deref(doc, { $ref: 'other.yaml#/x' })).toThrow(
      'only local references are supported, got other.yaml#/x',
    );
    expect(resolvePointer({ 'a/b': { '~c': 1 } }, '#/a~1b/~0c')).toBe(1);
  });

  it('lists operations in document order with merged parameters (the operation wins) and their pointers', () => {
    const ops = listOperations(doc);
    expect(ops.map(label)).toEqual([
      'GET /items/{id}',
      'DELETE /items/{id}',
      'GET /items/new',
      'POST /items/new',
      'POST /a~b/c',
    ]);
    const [get, del] = ops;
    expect(get.operationId).toBe('getItem');
    expect(get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'header:trace', 'query:q']);
    expect(get.parameters[1].example).toBe('op-level');
    expect(del.parameters.map((p) => p.name)).toEqual(['id', 'trace']);
    expect(get.pointer).toBe('#/paths/~1items~1{id}/get');
    expect(ops[4].pointer).toBe('#/paths/~1a~0b~1c/post');
    expect(resolvePointer(doc, get.pointer)).toBe(get.operation);
  });

  it('locates a node through references and gives the pointer past them', () => {
    expect(locate(doc, ['paths', '/items/new', 'post', 'requestBody', 'content'])).toEqual({
      pointer: '#/components/requestBodies/Item/content',
      value: doc.components.requestBodies.Item.content,
    });
    expect(locate(doc, ['paths', '/items/new', 'put'])).toBeUndefined();
  });

  it('reads the first examples, and says which operation and parameter lack one', () => {
    const ops = listOperations(doc);
    expect(parameterExamples(doc, ops[0])).toEqual({
      path: { id: 'ID_1' },
      query: { q: 'from-schema' },
      header: { trace: 'op-level' },
    });
    expect(requestExample(doc, ops[3])).toEqual({ mediaType: 'application/json', value: { name: 'first' } });
    expect(requestExample(doc, ops[0])).toBeUndefined();
    expect(() => requestExample(doc, ops[4])).toThrow('POST /a~b/c: request body has no example');
    expect(exampleOf(doc, { schema: { example: 3 } })).toEqual({ found: true, value: 3 });
    expect(exampleOf(doc, {})).toEqual({ found: false });
    const noExample = structuredClone(doc);
    delete noExample.components.parameters.Id.example;
    expect(() => parameterExamples(noExample, listOperations(noExample)[0])).toThrow(
      'GET /items/{id}: parameter id has no example',
    );
  });

  it.each([
    ['{base_url}/v1/{appid}', '/v1/{appid}'],
    ['{dmp_url}', ''],
    ['https://push.example.com/v1/{appid}/', '/v1/{appid}'],
    ['https://dmp.example.com', ''],
  ])('the base path of server %s is "%s"', (url, expected) => {
    expect(serverBasePath(url)).toBe(expected);
  });

  it('routes requests under the server base path; paths without variables win; parameters are decoded', () => {
    const route = createRouter(doc);
    expect(route('GET', '/v1/APP/items/new')?.entry.operationId).toBe('newItem');
    expect(route('get', '/v1/APP/items/a%20b')).toMatchObject({
      entry: { operationId: 'getItem' },
      params: { appid: 'APP', id: 'a b' },
    });
    expect(route('POST', '/v1/APP/items/x')).toBeUndefined();
    expect(route('GET', '/items/new')).toBeUndefined();
    expect(route('GET', '/v1/APP/items/%E0%A4%A')).toBeUndefined();
    expect(route.methods('/v1/APP/items/x')).toEqual(['GET', 'DELETE']);
    expect(route.methods('/v1/APP/nothing')).toEqual([]);
    expect(createRouter(doc, { basePath: '' })('POST', '/a~b/c')?.entry.operationId).toBe('odd');
  });
});

describe('registry', () => {
  it('dist/apis.json lists the APIs of redocly.yaml, in order, with both bundles of each', () => {
    expect(apis.map((a) => [a.name, a.title])).toEqual(registry.map((a) => [a.name, a.title]));
    for (const api of apis) {
      expect(api.json).toBe(apiNamed(api.name).json);
      expect(parse(fs.readFileSync(api.yaml, 'utf8'))).toEqual(loadDocument(api.name));
      expect(loadDocument(api.name).openapi).toBe('3.1.0');
    }
    expect(() => apiNamed('nope')).toThrow(`unknown api "nope"; known: ${apis.map((a) => a.name).join(', ')}`);
  });

  it('refuses an entry without a title, or whose bundle goes elsewhere, naming the entry', () => {
    const file = `${fs.mkdtempSync('/tmp/registry-')}/redocly.yaml`;
    fs.writeFileSync(file, 'apis:\n  one:\n    root: openapi/one/openapi.yaml\n    output: openapi/dist/one.json\n');
    expect(() => readRegistry(file)).toThrow('apis.one: `x-title` is missing');
    fs.writeFileSync(
      file,
      'apis:\n  one:\n    root: openapi/one/openapi.yaml\n    output: dist/one.yaml\n    x-title: One\n',
    );
    expect(() => readRegistry(file)).toThrow('apis.one: `output` must be openapi/dist/one.json');
    fs.writeFileSync(file, 'rules: {}\n');
    expect(() => readRegistry(file)).toThrow('no `apis:` section');
  });
});
