// A oneOf whose branches the data selects by a `const` is checked on the selected branches alone
// (validation/one-of-selector.ts). The promise is the same answer as Ajv's whole oneOf, for every body: held here
// against a plain Ajv, on every request fixture and on each of them broken at every place (a member dropped, or
// given another type, or another template's name), at every schema that has a selector.
import { fixtures } from '@pushapi/openapi/fixtures';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { listOperations, loadDocuments } from '../../src/start/documents.js';
import { oneOfSelector, selectedBranches } from '../../src/validation/one-of-selector.js';
import { newAjvs, SchemaSet } from '../../src/validation/schemas.js';
import { places } from '../support/fuzz-requests.js';

const documents = loadDocuments();
const operations = listOperations(documents);
const schemas = new SchemaSet(documents);
const node = (ref: string) => {
  try {
    return schemas.node(ref);
  } catch {
    return undefined;
  }
};

/** Ajv on its own: the whole oneOf, every branch asked. */
const plain = newAjvs(documents).check;
const plainValidators = new Map<string, ValidateFunction>();
function plainIsValid(ref: string, data: unknown): boolean {
  let validate = plainValidators.get(ref);
  if (!validate) plainValidators.set(ref, (validate = plain.compile({ $ref: ref })));
  return validate(data) as boolean;
}

const component = (document: string, name: string) => `${document}#/components/schemas/${name}`;

/** The values a place is given: other types, and each template's and style's selector value. */
const REPLACEMENTS: unknown[] = [null, 0, 6, 'x', [], {}, 'link', 'transmission'];

/** A body and every body made from it by one change at one place. */
function variants(body: unknown): unknown[] {
  const out: unknown[] = [body];
  const count = places(body).length;
  for (let i = 1; i < count; i++) {
    const drop = structuredClone(body);
    const place = places(drop)[i];
    if (place?.parent && !Array.isArray(place.parent)) {
      delete (place.parent as Record<string, unknown>)[place.key as string];
      out.push(drop);
    }
    for (const value of REPLACEMENTS) {
      const changed = structuredClone(body);
      const at = places(changed)[i];
      if (!at?.parent) continue;
      (at.parent as Record<string | number, unknown>)[at.key as string | number] = structuredClone(value);
      out.push(changed);
    }
  }
  return out;
}

/**
 * The body and every object inside it: where a nested selector's schema applies (a value of another type has no
 * place to select by, and is asked of the whole oneOf, as before).
 */
const objects = (body: unknown): unknown[] =>
  places(body)
    .map((p) => (p.parent === null ? body : (p.parent as Record<string | number, unknown>)[p.key]))
    .filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

const bodies = fixtures.filter((f) => f.body !== undefined);

describe('a oneOf selected by a const', () => {
  it('has a selector where every branch fixes the place: push_single by message.msgtype, a style by type', () => {
    const single = oneOfSelector(node, component('push-v1', 'PushSingleRequest'));
    expect(single?.path).toEqual(['message', 'msgtype']);
    expect(single?.branches.map((b) => b.value)).toEqual(
      ['notification', 'link', 'notypopload', 'startactivity', 'transmission'].flatMap((t) => [t, t]),
    );
    expect(oneOfSelector(node, component('push-v1', 'Style'))?.path).toEqual(['type']);
    expect(oneOfSelector(node, component('push-v1', 'PushSingleBatchItem'))?.path).toEqual(['message', 'msgtype']);
    // The operation's body schema is a bare $ref to the request: the selector is found through it.
    const pushSingle = operations.find((o) => o.api === 'push-v1' && o.name === 'push_single');
    expect(oneOfSelector(node, pushSingle?.body?.ref ?? '')?.path).toEqual(['message', 'msgtype']);
    // A oneOf whose branches fix no common place (an answer: ok or an error) has none: the whole oneOf is asked.
    expect(oneOfSelector(node, component('push-v1', 'PushSingleResponse'))).toBeUndefined();
  });

  it('selects the branches of the data’s value, none for an unknown one, and asks all when the place is missing', () => {
    const selector = oneOfSelector(node, component('push-v1', 'PushSingleRequest'));
    if (!selector) throw new Error('no selector');
    const picked = selectedBranches(selector, { message: { msgtype: 'link' } });
    expect(picked?.map((ref) => schemas.node(ref).title)).toEqual(['link, to a cid', 'link, to an alias']);
    expect(selectedBranches(selector, { message: { msgtype: 'unknown' } })).toEqual([]);
    expect(selectedBranches(selector, { message: {} })).toBeUndefined();
    expect(selectedBranches(selector, { message: [{ msgtype: 'link' }] })).toBeUndefined();
    expect(selectedBranches(selector, 'text')).toBeUndefined();
  });

  it('gives Ajv’s answer for every fixture body, and each one broken at every place, at every schema with a selector', () => {
    const withSelector = [
      ...new Set([
        ...operations.flatMap((o) => (o.body ? [o.body.ref] : [])),
        ...['push-v1', 'dmp'].flatMap((doc) =>
          Object.keys((documents[doc] as { components: { schemas: object } }).components.schemas).map((name) =>
            component(doc, name),
          ),
        ),
      ]),
    ].filter((ref) => oneOfSelector(node, ref) !== undefined);
    expect(withSelector.length).toBeGreaterThanOrEqual(5);
    let checked = 0;
    let validSeen = 0;
    const differ: string[] = [];
    for (const fixture of bodies)
      for (const body of variants(fixture.body))
        for (const ref of withSelector)
          for (const data of objects(body)) {
            const narrowed = schemas.isValid(ref, data);
            checked++;
            if (narrowed) validSeen++;
            if (narrowed !== plainIsValid(ref, data) && differ.length < 5)
              differ.push(`${ref} on ${JSON.stringify(data).slice(0, 200)}: ${narrowed}`);
          }
    expect(differ).toEqual([]);
    // The adversary's numbers: enough cases, and valid ones among them (a selector that refused all would differ).
    expect(checked).toBeGreaterThan(50_000);
    expect(validSeen).toBeGreaterThan(1_000);
  });

  it('asks fewer validators for a valid push_single than the branches there are', () => {
    const pushSingle = operations.find((o) => o.api === 'push-v1' && o.name === 'push_single');
    const body = fixtures.find((f) => f.operationId === 'pushSingle' && f.kind === 'valid')?.body;
    const fresh = new SchemaSet(documents);
    const before = fresh.work;
    expect(fresh.isValid(pushSingle?.body?.ref ?? '', body)).toBe(true);
    // Two branches (the template's, to a cid and to an alias), and the alias one's one error.
    expect(fresh.work - before).toBeLessThanOrEqual(4);
  });
});
