// Every fixture of openapi/fixtures, sent raw (plain fetch, with credentials) to the running mock:
// a valid one must be served (2xx), an invalid one rejected with the violation named. A fixture the
// mock lets through fails here.
import { fixtures, type Fixture } from './support/fixtures.js';
import { describe, expect, it } from 'vitest';
import { locate, operations, type ApiName } from './support/documents.js';
import { exampleRequest } from './support/requests.js';
import { credentials, mockUrl, send } from './support/raw.js';

function operationOf(fixture: Fixture) {
  const found = operations(fixture.api).find((o) => o.operation.operationId === fixture.operationId);
  if (!found) throw new Error(`fixture "${fixture.name}": no operation ${fixture.operationId} in ${fixture.api}`);
  return found;
}

/**
 * The status Prism answers an invalid request with: its own 422, unless the operation documents a
 * 422 or a 400 for bad requests (DMP does), which it then answers with the violations in `sl-violations`.
 */
function rejectionStatus(api: ApiName, path: string, method: string) {
  for (const status of ['422', '400'])
    if (locate(api, ['paths', path, method, 'responses', status])) return Number(status);
  return 422;
}

async function sendFixture(fixture: Fixture) {
  const { method, path } = operationOf(fixture);
  // Path parameters the fixture does not set come from the document's examples.
  const fromDocument = exampleRequest(fixture.api, path, method);
  const url = mockUrl(fixture.api, path, { ...fromDocument.path, ...fixture.params }, fixture.query ?? {});
  const answer = await send(method, url, { body: fixture.body, headers: credentials(fixture.api) });
  return { answer, method, path };
}

const label = (f: Fixture) => [`${f.api} ${f.operationId}: ${f.name}`, f] as const;
const valid = fixtures.filter((f) => f.kind === 'valid');
const invalid = fixtures.filter((f) => f.kind === 'invalid');

describe('fixtures', () => {
  it('there are valid and invalid fixtures of both documents', () => {
    for (const api of ['push-v1', 'dmp']) {
      expect(valid.filter((f) => f.api === api).length).toBeGreaterThan(0);
      expect(invalid.filter((f) => f.api === api).length).toBeGreaterThan(0);
    }
  });

  describe('valid fixtures are served', () => {
    it.each(valid.map(label))('%s', async (_name, fixture) => {
      const { answer } = await sendFixture(fixture);
      expect(answer.violations, JSON.stringify(answer.violations)).toEqual([]);
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(300);
    });
  });

  describe('invalid fixtures are rejected with the violation named', () => {
    it.each(invalid.map(label))('%s', async (_name, fixture) => {
      const { answer, method, path } = await sendFixture(fixture);
      expect(answer.status, `let through (rule: ${fixture.rule})`).toBe(rejectionStatus(fixture.api, path, method));
      expect(answer.violations.length).toBeGreaterThan(0);
      for (const violation of answer.violations) expect(violation.message).toMatch(/\S/);
    });
  });
});
