// The api-diff classifier (scripts/api-diff) on the corpus of document mutations (test/api-diff/corpus.mjs),
// and on the real push-v1 bundle.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../scripts/api-diff/classify.mjs';
import { requiredBumps } from '../../scripts/api-diff/release.mjs';
import { renderMarkdown } from '../../scripts/api-diff/render.mjs';
import { corpus } from './api-diff/corpus.mjs';

const base = JSON.parse(fs.readFileSync(new URL('./api-diff/base.json', import.meta.url), 'utf8'));
const sorted = (rows) => rows.map((r) => r.join(' | ')).sort();

describe('api-diff corpus', () => {
  it('has at least 25 mutations, each named once', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25);
    expect(new Set(corpus.map((m) => m.name)).size).toBe(corpus.length);
  });

  it.each(corpus.map((m) => [m.name, m]))('%s', (_name, mutation) => {
    const before = structuredClone(base);
    mutation.base?.(before);
    const after = structuredClone(base);
    mutation.mutate(after);
    const changes = diffDocuments('corpus', before, after);
    expect(sorted(changes.map((c) => [c.operationId, c.where, c.class]))).toEqual(sorted(mutation.expect));
    for (const c of changes) expect(c.change, `${c.where} says what changed`).toMatch(/\w/);
  });
});

describe('api-diff on the push-v1 bundle', () => {
  const bundle = JSON.parse(fs.readFileSync(new URL('../dist/push-v1.json', import.meta.url), 'utf8'));

  it('finds no change between a bundle and itself', () => {
    expect(diffDocuments('push-v1', bundle, structuredClone(bundle))).toEqual([]);
  });

  it('reports a value added to a shared request enum once per operation and place, as non-breaking', () => {
    const after = structuredClone(bundle);
    after.components.schemas.BigStyle.enum.push('3');
    const changes = diffDocuments('push-v1', bundle, after);
    expect(new Set(changes.map((c) => c.class))).toEqual(new Set(['non-breaking']));
    expect(new Set(changes.map((c) => c.operationId))).toEqual(
      new Set(['pushSingle', 'saveListBody', 'pushApp', 'pushSingleBatch']),
    );
    expect(changes.find((c) => c.operationId === 'pushSingle' && c.where.includes('.notification.'))).toMatchObject({
      where: 'request.body<*>.notification.style<*>.big_style',
      change: 'value "3" added',
    });
  });

  it('classes a new value of the delivery status that push_single answers as breaking for exhaustive clients', () => {
    const after = structuredClone(bundle);
    after.components.schemas.DeliveryStatus.enum.push('successed_queued');
    const changes = diffDocuments('push-v1', bundle, after);
    expect(changes.map((c) => c.operationId)).toContain('pushSingle');
    for (const c of changes)
      expect(c).toMatchObject({ change: 'value "successed_queued" added', class: 'breaking-for-exhaustive-clients' });
    expect(changes.every((c) => c.where.startsWith('response.200.body'))).toBe(true);
  });
});

describe('api-diff changelog text', () => {
  const removed = (type) => ({
    id: `response-property-removed@dmp:getAccessToken:response.200.body[${type}].expires_in#2d41bb87`,
    check: 'response-property-removed',
    api: 'dmp',
    operationId: 'getAccessToken',
    where: `response.200.body[${type}].expires_in`,
    change: 'field removed',
    class: 'breaking',
    migration: 'stop reading `expires_in`',
  });
  const added = {
    id: 'response-optional-property-added@dmp:getAccessToken:response.200.body.scope#00000000',
    check: 'response-optional-property-added',
    api: 'dmp',
    operationId: 'getAccessToken',
    where: 'response.200.body.scope',
    change: 'field added, optional',
    class: 'non-breaking',
  };

  it('puts breaking changes first in plain words, once for every media type, and asks for a sentence where the migration is mechanical', () => {
    const text = renderMarkdown([added, removed('application/json'), removed('application/vnd.dmp.v1+json')], {
      ask: true,
    });
    expect(text).toBe(
      '**Breaking changes**\n\n' +
        '- **dmp** `getAccessToken`: the answer no longer has `expires_in`.\n' +
        '  What to do: stop reading `expires_in`.\n' +
        '  MAINTAINER: replace this line with one sentence on what this means for a consumer and what to do.\n\n' +
        '**Other changes**\n\n' +
        '- **dmp** `getAccessToken`: `scope` in the answer: field added, optional.\n',
    );
  });

  it('bumps only the packages that carry the API that changed', () => {
    expect(Object.keys(requiredBumps(process.cwd(), [removed('application/json')]))).toEqual([
      '@pushapi/openapi',
      '@pushapi/dmp-client',
      '@pushapi/mock',
      '@pushapi/sandbox',
    ]);
  });
});
