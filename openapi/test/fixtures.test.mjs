// Every fixture is accepted or rejected by the bundled document exactly as the description says.
import { describe, expect, it } from 'vitest';
import { fixtures } from '../fixtures/index.mjs';
import { createValidator, operations } from './documents.mjs';

const validators = { 'push-v1': createValidator('push-v1'), dmp: createValidator('dmp') };
const request = (f) => ({ body: f.body, params: f.params, query: f.query });

describe.each(Object.keys(validators))('%s fixtures', (api) => {
  const own = fixtures.filter((f) => f.api === api);

  it.each(own.filter((f) => f.kind === 'valid').map((f) => [`${f.operationId}: ${f.name}`, f]))(
    'accepts %s',
    (_, f) => {
      expect(validators[api].validateRequest(f.operationId, request(f))).toEqual([]);
    },
  );

  it.each(own.filter((f) => f.kind === 'invalid').map((f) => [`${f.operationId}: ${f.name} (${f.rule})`, f]))(
    'rejects %s',
    (_, f) => {
      expect(validators[api].validateRequest(f.operationId, request(f))).not.toEqual([]);
    },
  );

  it('has valid and invalid fixtures for every operation with a body or a constrained parameter', () => {
    const needed = operations(validators[api].doc)
      .filter((op) => op.operation.requestBody || op.parameters.some((p) => p.schema?.pattern || p.in === 'query'))
      .map((op) => op.operationId);
    const covered = (kind) => new Set(own.filter((f) => f.kind === kind).map((f) => f.operationId));
    expect(needed.filter((id) => !covered('valid').has(id))).toEqual([]);
    expect(needed.filter((id) => !covered('invalid').has(id))).toEqual([]);
  });

  it('names only operations of the document', () => {
    const ids = new Set(operations(validators[api].doc).map((op) => op.operationId));
    expect(own.map((f) => f.operationId).filter((id) => !ids.has(id))).toEqual([]);
  });
});
