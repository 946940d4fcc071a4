// The requests of the fuzz test: for every operation of push v1, DMP and the control API, parameters and a body
// generated from the document's schemas (schema-arbitrary.ts), the request fixtures of @pushapi/openapi, and
// mutations of both: a field dropped or of the wrong type, an unknown field, garbage bytes, cut JSON, invalid
// UTF-8, another content type, another method, an unknown path, broken percent-encoding, deep nesting, a huge
// array, a body over the limit. Values that need the live state (a task id the app has, a valid sign) are
// placeholders (`@@task:3`, `@@sign`) that the test resolves just before sending.
import { fixtures } from '@pushapi/openapi/fixtures';
import fc from 'fast-check';
import { LIMITS } from '../../src/shared/config.js';
import type { ApiName, Operation } from './contract.js';
import { SchemaArbitraries, type Pools } from './schema-arbitrary.js';

export type Mutation =
  | { kind: 'drop'; index: number }
  | { kind: 'retype'; index: number; value: unknown }
  | { kind: 'extra'; index: number; key: string; value: unknown }
  | { kind: 'garbage'; bytes: number[] }
  | { kind: 'truncate'; at: number }
  | { kind: 'invalid-utf8'; at: number }
  | { kind: 'content-type'; type: string | null }
  | { kind: 'no-body' }
  | { kind: 'method'; method: string }
  | { kind: 'unknown-path'; suffix: string }
  | { kind: 'bad-percent' }
  | { kind: 'deep'; depth: number }
  | { kind: 'huge-array' }
  | { kind: 'oversize' }
  | { kind: 'auth'; auth: 'none' | 'wrong' };

export interface FuzzRequest {
  api: ApiName;
  operationId: string;
  /** The push v1 app of the path (`/v1/<appid>`); unused for the others. */
  appid: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** undefined: no body. */
  body: unknown;
  source: 'schema' | 'fixture';
  mutation: Mutation | null;
}

/** The mutations that break a body on the wire (its bytes, its type, a sandbox limit): refused whenever a body is sent. */
export const BODY_BREAKING = new Set<Mutation['kind']>([
  'garbage',
  'truncate',
  'invalid-utf8',
  'content-type',
  'deep',
  'huge-array',
  'oversize',
]);

/** What the fuzz app looks like: the cids, aliases and ids the pools draw from. */
export interface FuzzWorld {
  pushApp: string;
  controlApp: string;
  appkey: string;
  userCode: string;
  /** The push app's frozen clock, as a sign-in timestamp. */
  now: string;
  cids: string[];
  aliases: string[];
  requestIds: string[];
  /** The raw DMP ids of a fuzz device, and their MD5s, so /tags/user can find it. */
  dmpHashes: Record<string, string>;
}

const weighted = <T>(pool: fc.Arbitrary<T>, other: fc.Arbitrary<T>, poolWeight = 3) =>
  fc.oneof({ arbitrary: pool, weight: poolWeight }, { arbitrary: other, weight: 1 });

const someText = fc.string({ unit: 'grapheme', maxLength: 12 });

/** Pools of each document, by property or parameter name, and by the name of a referenced schema (`$ref:Cid`). */
function poolsOf(api: ApiName, world: FuzzWorld, operations: Operation[]): Pools {
  const cid = weighted(fc.constantFrom(...world.cids), someText);
  const alias = weighted(fc.constantFrom(...world.aliases), someText);
  const taskid = weighted(
    fc.nat(20).map((n) => `@@task:${n}`),
    fc.constantFrom('RASS_0101_00', 'no-such-task'),
  );
  const requestid = fc.oneof(
    fc.constantFrom(...world.requestIds),
    fc.uuid().map((u) => u.replace(/-/g, '')),
    someText,
  );
  if (api === 'push-v1') {
    return {
      '$ref:Cid': cid,
      '$ref:Alias': alias,
      '$ref:TaskId': taskid,
      '$ref:RequestId': requestid,
      '$ref:TaskName': weighted(fc.constant('fuzz-group'), someText, 1),
      '$ref:AppKey': weighted(fc.constant(world.appkey), someText),
      cid,
      alias,
      taskid,
      groupName: weighted(fc.constant('fuzz-group'), someText, 1),
      sign: weighted(fc.constant('@@sign'), fc.stringMatching(/^[0-9a-f]{64}$/)),
      appkey: weighted(fc.constant(world.appkey), someText),
      timestamp: fc.oneof(fc.constant(world.now), fc.stringMatching(/^[0-9]{1,15}$/)),
      values: fc.array(fc.constantFrom('north', 'south', 'IOS', 'ANDROID', 't1', 't2', 'x'), { maxLength: 3 }),
      tag_list: fc.array(fc.constantFrom('t1', 't2', 't3', 'x'), { maxLength: 3 }),
    };
  }
  if (api === 'dmp') {
    return {
      user_code: weighted(fc.constant(world.userCode), someText),
      sign1: weighted(fc.constant('@@sign1'), fc.stringMatching(/^[0-9a-f]{32}$/)),
      sign2: weighted(fc.constant('@@sign2'), fc.stringMatching(/^[0-9a-f]{32}$/)),
      ...Object.fromEntries(
        Object.entries(world.dmpHashes).map(([field, value]) => [
          field,
          weighted(fc.constant(value), fc.stringMatching(/^[0-9a-f]{32}$/), 1),
        ]),
      ),
    };
  }
  const appid = weighted(
    fc.constantFrom(world.pushApp, world.controlApp, 'sandbox-app', 'no-such-app'),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
    4,
  );
  const faultOperations = [
    ...new Set(
      operations
        .filter((o) => o.api !== 'control')
        .map((o) => (o.api === 'push-v1' ? o.path.split('/')[1]! : o.path.slice(1))),
    ),
  ];
  return {
    appid,
    cid,
    taskid,
    messageId: weighted(
      fc.nat(5).map((n) => `@@message:${n}`),
      someText,
    ),
    operation: weighted(fc.constantFrom(...faultOperations), someText),
    userCode: weighted(fc.constant(world.userCode), someText, 1),
    // Snapshot names (and app labels, which share the property name): one that saves and restores, or any.
    name: weighted(fc.constant('fuzz-snapshot'), fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/), 2),
    // A read that waits holds its request up to `wait` ms: short ones, so 10,000 requests stay quick.
    wait: fc.integer({ min: 0, max: 20 }),
  };
}

/** The request an operation's schemas generate: its parameters, its body (when it has one), its app. */
function generated(
  op: Operation,
  schemas: SchemaArbitraries,
  pools: Pools,
  world: FuzzWorld,
): fc.Arbitrary<FuzzRequest> {
  const ofParameter = (p: Operation['parameters'][number]) => pools[p.name] ?? schemas.of(p.schema as object);
  const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, ofParameter(p)]));
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, ofParameter(p)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    noNullPrototype: true,
  });
  const body = op.body
    ? op.body.required
      ? schemas.at(op.body.pointer)
      : fc.option(schemas.at(op.body.pointer), { nil: undefined })
    : fc.constant(undefined);
  const appid = weighted(fc.constant(world.pushApp), fc.constantFrom(world.controlApp, 'no-such-app'), 12);
  return fc.record({ params: fc.record(path, { noNullPrototype: true }), query, body, appid }).map((parts) => ({
    api: op.api,
    operationId: op.operationId,
    appid: parts.appid,
    params: parts.params,
    query: parts.query,
    body: parts.body,
    source: 'schema' as const,
    mutation: null,
  }));
}

/** The request fixtures of the operation (valid and invalid), as they are. */
function fromFixtures(op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> | undefined {
  const own = fixtures.filter((f) => f.api === op.document && f.operationId === op.operationId);
  if (own.length === 0) return undefined;
  return fc.constantFrom(...own).map((f) => ({
    api: op.api,
    operationId: op.operationId,
    appid: world.pushApp,
    params: { ...(f.params ?? {}) },
    query: { ...(f.query ?? {}) },
    body: f.body === undefined ? undefined : structuredClone(f.body),
    source: 'fixture' as const,
    mutation: null,
  }));
}

const anyJson = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({}),
);

/** Names of Object.prototype's members, which a JSON body may use as keys like any other. */
const OBJECT_MEMBER_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

const mutations: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('retype' as const), index: fc.nat(), value: anyJson }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      index: fc.nat(),
      // Now and then a name every object already answers to (a lookup of a body's key in a plain object finds it).
      key: fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
        { weight: 1, arbitrary: fc.constantFrom(...OBJECT_MEMBER_NAMES) },
      ),
      value: anyJson,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      bytes: fc.array(fc.nat(255), { minLength: 1, maxLength: 48 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('invalid-utf8' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('content-type' as const),
      type: fc.constantFrom(
        null,
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'application/jsonx',
      ),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'no-body' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('method' as const),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('unknown-path' as const), suffix: fc.constantFrom('x', '/x', 's', '/') }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'bad-percent' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      depth: fc.integer({ min: LIMITS.maxDepth + 1, max: LIMITS.maxDepth + 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'huge-array' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'oversize' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('auth' as const),
      auth: fc.constantFrom('none' as const, 'wrong' as const),
    }),
  },
);

/** Requests for the given operations: generated or from fixtures, about half of them mutated. */
export function fuzzRequests(operations: Operation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const byApi = new Map<ApiName, SchemaArbitraries>();
  const arbitraries = operations.map((op) => {
    const pools = poolsOf(op.api, world, operations);
    if (!byApi.has(op.api)) byApi.set(op.api, new SchemaArbitraries(op.doc, pools));
    const fromSchema = generated(op, byApi.get(op.api)!, pools, world);
    const fromFixture = fromFixtures(op, world);
    return fromFixture
      ? fc.oneof({ weight: 3, arbitrary: fromSchema }, { weight: 1, arbitrary: fromFixture })
      : fromSchema;
  });
  return fc
    .tuple(fc.oneof(...arbitraries), fc.option(mutations, { freq: 2, nil: null }))
    .map(([request, mutation]) => ({ ...request, mutation }));
}

// ---- mutating a JSON value ----

type Place = { parent: Record<string, unknown> | unknown[]; key: string | number } | { parent: null; key: null };

/** Every place in a JSON value (the root first), in a fixed order. */
export function places(value: unknown): Place[] {
  const out: Place[] = [{ parent: null, key: null }];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        out.push({ parent: node, key: i });
        visit(item);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        out.push({ parent: node as Record<string, unknown>, key });
        visit(item);
      }
    }
  };
  visit(value);
  return out;
}

/** The body after a structural mutation (drop, retype, extra, deep, huge-array); other mutations leave it. */
export function mutateBody(body: unknown, mutation: Mutation | null): unknown {
  if (!mutation) return body;
  const copy = body === undefined ? undefined : (structuredClone(body) as unknown);
  switch (mutation.kind) {
    case 'drop': {
      const keyed = places(copy).filter((p) => p.parent !== null);
      const place = keyed[mutation.index % Math.max(keyed.length, 1)];
      if (!place || place.parent === null) return copy;
      if (Array.isArray(place.parent)) place.parent.splice(place.key as number, 1);
      else delete place.parent[place.key as string];
      return copy;
    }
    case 'retype': {
      const all = places(copy);
      const place = all[mutation.index % all.length]!;
      if (place.parent === null) return mutation.value;
      (place.parent as Record<string | number, unknown>)[place.key] = mutation.value;
      return copy;
    }
    case 'extra': {
      const objects = [
        copy,
        ...places(copy).map((p) =>
          p.parent === null ? undefined : (p.parent as Record<string | number, unknown>)[p.key],
        ),
      ].filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
      const target = objects[mutation.index % Math.max(objects.length, 1)];
      if (!target) return copy;
      // Defined, not assigned: `__proto__ = value` would set the prototype, not a key the JSON text carries.
      Object.defineProperty(target, mutation.key, {
        value: mutation.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return copy;
    }
    case 'deep': {
      let nested: unknown = 'bottom';
      for (let i = 0; i < mutation.depth; i++) nested = [nested];
      return typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? { ...copy, nested } : { nested };
    }
    case 'huge-array': {
      const items = Array.from({ length: LIMITS.maxArrayItems + 1 }, (_, i) => `c${i}`);
      return typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? { ...copy, cid: items } : items;
    }
    default:
      return copy;
  }
}
