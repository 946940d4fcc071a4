// Validation fails closed: where the explainer has nothing to say about invalid data (a keyword it does not
// walk), Ajv's own errors are the violations, so an invalid request is never accepted.
import { expect, it } from 'vitest';
import { explain } from '../../src/validation/explain.js';
import { SchemaSet } from '../../src/validation/schemas.js';

const document = {
  components: {
    schemas: {
      Pattern: { type: 'object', patternProperties: { '^n_': { type: 'integer' } } },
      Tuple: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
      Closed: { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false },
    },
  },
};

it.each([
  ['Pattern', { n_count: 'three' }, ['body', 'n_count']],
  ['Tuple', ['first', 'second'], ['body', '1']],
  ['Closed', { a: 'x', b: 1 }, ['body', 'b']],
])('%s: invalid data gets a violation, valid data none', (name, data, location) => {
  const schemas = new SchemaSet({ doc: document });
  const ref = `doc#/components/schemas/${name}`;
  const violations = explain(schemas, ref, data, ['body']);
  expect(violations.length).toBeGreaterThan(0);
  expect(violations[0]!.location).toEqual(location);
  const valid = { Pattern: { n_count: 3 }, Tuple: ['first', 2], Closed: { a: 'x' } }[name];
  expect(explain(schemas, ref, valid, ['body'])).toEqual([]);
});
