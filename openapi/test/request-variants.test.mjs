// The ten template x target variants of push_single and push_single_batch are generated from one list (the
// templates of TemplatedMessage.yaml): the files in the tree are what scripts/request-variants.mjs writes.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { variantFiles } from '../../scripts/request-variants.mjs';

const schemas = new URL('../push-v1/components/schemas/', import.meta.url);

it('the variant files are as the generator writes them (run node scripts/request-variants.mjs)', () => {
  for (const { file, text } of variantFiles()) expect(fs.readFileSync(new URL(file, schemas), 'utf8'), file).toBe(text);
});

it('has one variant per template and target, ten in all, each naming its template and target', () => {
  for (const { file, text } of variantFiles()) {
    const titles = [...text.matchAll(/- title: (.+)/g)].map((m) => m[1]);
    expect(titles, path.basename(file)).toHaveLength(10);
    expect(new Set(titles).size).toBe(10);
    expect(titles).toContain('startactivity, to an alias');
  }
});
