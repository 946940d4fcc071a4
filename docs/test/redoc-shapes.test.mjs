// Schema shapes that Redoc 3.0.1 is known to render badly (TOOLCHAIN.md), checked on the bundles:
// `anyOf` beside properties (Redoc shows only the anyOf and hides the fields next to it), and
// `const` without `type` (rendered as "any"). The browser test checks the rendered pages as well.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import { apis } from '../../scripts/apis.mjs';

function findShapes(doc) {
  const found = [];
  const walk = (node, at) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
    if ('const' in node && !('type' in node)) found.push(`${at}: const without type`);
    if (node.anyOf && (node.properties || node.required)) found.push(`${at}: anyOf beside properties or required`);
    for (const [key, value] of Object.entries(node)) {
      // Examples are data, not schemas. A `not` subschema excludes values (the push v1 failure shape's
      // `result`: `not: {const: ok}`, bare so that Prism's generator makes a string); it is no field to render.
      if (key !== 'example' && key !== 'examples' && key !== 'not') walk(value, `${at}/${key}`);
    }
  };
  walk(doc, '#');
  return found;
}

describe('schema shapes Redoc renders badly', () => {
  it('are detected (the check is not vacuous)', () => {
    const bad = {
      components: {
        schemas: {
          A: { properties: { x: { type: 'string' } }, anyOf: [{ required: ['x'] }] },
          B: { const: 'b' },
        },
      },
    };
    expect(findShapes(bad)).toEqual([
      '#/components/schemas/A: anyOf beside properties or required',
      '#/components/schemas/B: const without type',
    ]);
  });

  for (const api of apis) {
    it(`are absent from ${api.name}`, () => {
      expect(findShapes(JSON.parse(fs.readFileSync(api.bundle, 'utf8')))).toEqual([]);
    });
  }
});
