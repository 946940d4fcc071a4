// lib/walk.d.mts is generated from the JSDoc of lib/walk.mjs (scripts/walk-types.mjs): the committed one must be
// what the code gives, and the code must type-check against its own types.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { emitted } from '../scripts/walk-types.mjs';

it('the committed walk.d.mts is the one generated from walk.mjs (run node openapi/scripts/walk-types.mjs)', () => {
  const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../lib/walk.d.mts'), 'utf8');
  expect(committed).toBe(emitted());
}, 60_000);
