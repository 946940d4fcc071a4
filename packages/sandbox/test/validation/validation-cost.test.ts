// What checking a request costs grows with its body, and a refusal stops at the violation limit: a body of 10,000
// invalid items (the most an array may hold) is refused for about the work of the first few items and a quick
// check of each other one, so a request from anyone who reaches the port cannot hold the one event loop (and every
// other request behind it) for long. Work is counted (SchemaSet.work: validator calls and the errors Ajv gathered
// in them), never timed. Before the fix, gathering every error of every item made the work grow as N squared.
import { describe, expect, it } from 'vitest';
import { BYTE_BOUNDS, LIMITS } from '../../src/shared/config.js';
import { listOperations, loadDocuments, type OperationSpec } from '../../src/start/documents.js';
import { readLeniently } from '../../src/validation/lenient.js';
import { validateRequest, type RequestParts } from '../../src/validation/request.js';
import { SchemaSet } from '../../src/validation/schemas.js';

const documents = loadDocuments();
const operations = listOperations(documents);
const batchOp = operations.find((o) => o.api === 'push-v1' && o.name === 'push_single_batch')!;
const createApp = operations.find((o) => o.api === 'control' && o.operationId === 'createApp')!;

const item = (i: number) => ({
  message: { msgtype: 'transmission', is_offline: true },
  transmission: { transmission_content: 'x' },
  cid: 'magic-online',
  requestid: `cost-${String(i).padStart(8, '0')}`,
});
/** An item a lenient app reads through two deviations (a boolean and an integer written as text). */
const lenientItem = (i: number) => ({
  ...item(i),
  message: { msgtype: 'transmission', is_offline: 'true', offline_expire_time: '100000' },
});
const batch = (n: number, of: (i: number) => unknown): RequestParts => ({
  params: {},
  query: new URLSearchParams(),
  body: { msg_list: Array.from({ length: n }, (_, i) => of(i)) },
});

/** The work of one check of `parts`, on schemas already compiled (compiling is a one-time cost). */
function workOf(schemas: SchemaSet, check: () => void): number {
  const before = schemas.work;
  check();
  return schemas.work - before;
}

const SIZES = [100, 1000, LIMITS.maxArrayItems];

describe('validation work', () => {
  it(`a batch of ${LIMITS.maxArrayItems.toLocaleString('en')} invalid items: at most one item's work per item, the list cut at ${BYTE_BOUNDS.violationsListed} with how many more`, () => {
    const schemas = new SchemaSet(documents);
    const check = (n: number) =>
      validateRequest(
        schemas,
        batchOp,
        batch(n, () => ({})),
      );
    check(1);
    const one = workOf(schemas, () => check(1));
    const work = SIZES.map((n) => workOf(schemas, () => check(n)));
    // The done criterion: refused within a small multiple of one item's work times N (here at most once).
    expect(work[2]!).toBeLessThanOrEqual(LIMITS.maxArrayItems * one);
    // Growth within 1.5x of linear between each size and the next.
    expect(work[1]! / work[0]!).toBeLessThanOrEqual(1.5 * 10);
    expect(work[2]! / work[1]!).toBeLessThanOrEqual(1.5 * 10);
    const violations = check(LIMITS.maxArrayItems);
    expect(violations).toHaveLength(BYTE_BOUNDS.violationsListed + 1);
    expect(violations.at(-1)).toMatchObject({ code: 'more', location: [] });
    const more = Number(/and ([\d,]+) more/.exec(violations.at(-1)!.message)![1]!.replaceAll(',', ''));
    expect(more).toBeGreaterThanOrEqual(LIMITS.maxArrayItems - BYTE_BOUNDS.violationsListed);
  });

  it('a batch of valid items: work linear in the items, nothing listed', () => {
    const schemas = new SchemaSet(documents);
    const check = (n: number) => validateRequest(schemas, batchOp, batch(n, item));
    check(1);
    const work = SIZES.map((n) => workOf(schemas, () => expect(check(n)).toEqual([])));
    expect(work[1]! / work[0]!).toBeLessThanOrEqual(1.5 * 10);
    expect(work[2]! / work[1]!).toBeLessThanOrEqual(1.5 * 10);
  });

  it('a lenient app reads every deviation of a large batch, with work linear in the items', () => {
    const schemas = new SchemaSet(documents);
    const read = (n: number) => readLeniently(schemas, batchOp, batch(n, lenientItem));
    read(1);
    const results: ReturnType<typeof read>[] = [];
    const work = [100, 1000, 4000].map((n) => workOf(schemas, () => results.push(read(n))));
    expect(results.map((r) => [r.violations.length, r.deviations.length])).toEqual([
      [0, 200],
      [0, 2000],
      [0, 8000],
    ]);
    expect(work[1]! / work[0]!).toBeLessThanOrEqual(1.5 * 10);
    expect(work[2]! / work[1]!).toBeLessThanOrEqual(1.5 * 4);
  });

  it('20,000 unknown keys: work linear in the keys, the list cut', () => {
    const schemas = new SchemaSet(documents);
    const unknownKeys = (n: number): RequestParts => ({
      params: {},
      query: new URLSearchParams(),
      body: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])),
    });
    const check = (op: OperationSpec, n: number) => validateRequest(schemas, op, unknownKeys(n));
    check(createApp, 1);
    const work = [2000, 20_000].map((n) =>
      workOf(schemas, () => expect(check(createApp, n)).toHaveLength(BYTE_BOUNDS.violationsListed + 1)),
    );
    expect(work[1]! / work[0]!).toBeLessThanOrEqual(1.5 * 10);
    expect(work[1]!).toBeLessThanOrEqual(4 * 20_000);
  });
});
