// The stricter rulesets (Redocly `all`, IBM's, Zalando's) flag nothing that strict-rulesets.yaml does not explain,
// and the comparison catches each way the record can go wrong: an unexplained rule, a new finding of a recorded
// rule, a finding that went away, a reason left out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { bundlesOf, compareAll, compareRuleset, countAll, countFindings, readRecord } from '../scripts/strict-lint.mjs';
import { loadDocument } from './documents.mjs';

// Three linters, about 6 s together on a quiet machine, several times that at load 10: a hang guard only.
const LINT_TIMEOUT_MS = 300_000;
const record = readRecord();

describe('the documents under the stricter rulesets', () => {
  let counts;
  beforeAll(async () => {
    counts = await countAll(record);
  }, LINT_TIMEOUT_MS);

  it('flag only what the record explains, exactly as often as recorded', () => {
    expect(compareAll(record, counts)).toEqual([]);
  });

  it('run every ruleset of the record, each reporting findings', () => {
    // A ruleset that loaded no rule would report nothing and pass against an emptied record.
    for (const name of ['redocly', 'ibm', 'zalando']) expect(Object.keys(counts[name]).length).toBeGreaterThan(5);
  });
});

describe('comparing a run with the record', () => {
  const recorded = {
    rules: { 'paths-kebab-case': { fires: { 'push-v1': 27 }, reason: 'the service names its paths' } },
  };

  it('names a rule that fires and is not recorded', () => {
    const problems = compareRuleset('redocly', recorded, {
      'paths-kebab-case': { 'push-v1': 27 },
      'info-license': { dmp: 1 },
    });
    expect(problems).toEqual(['redocly: info-license fires 1 times on dmp, and the record does not explain it']);
  });

  it('names a recorded rule that fires more often, or on another document', () => {
    expect(compareRuleset('redocly', recorded, { 'paths-kebab-case': { 'push-v1': 28, dmp: 1 } })).toEqual([
      'redocly: paths-kebab-case fires 28 times on push-v1, the record says 27 (a new finding?)',
      'redocly: paths-kebab-case fires 1 times on dmp, the record says 0 (a new finding?)',
    ]);
  });

  it('names a recorded rule that fires less often or no longer', () => {
    expect(compareRuleset('redocly', recorded, { 'paths-kebab-case': { 'push-v1': 26 } })).toEqual([
      'redocly: paths-kebab-case fires 26 times on push-v1, the record says 27',
    ]);
    expect(compareRuleset('redocly', recorded, {})).toEqual([
      'redocly: paths-kebab-case no longer fires on push-v1 (recorded 27): remove it from the record',
    ]);
  });

  it('refuses a record whose rule has no reason or no count', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-record-'));
    const file = path.join(dir, 'record.yaml');
    const broken = structuredClone(record);
    delete broken.rulesets.ibm.rules['no-$ref-siblings'].reason;
    broken.rulesets.zalando.rules['must-have-info-x-api-id'].fires = {};
    fs.writeFileSync(file, stringify(broken));
    try {
      expect(() => readRecord(file)).toThrow(
        /ibm, rule no-\$ref-siblings: no reason[\s\S]*must-have-info-x-api-id: `fires`/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A ruleset's record cut to one document's counts (a run on that document alone). */
function onDocument(ruleset, doc) {
  const rules = Object.entries(ruleset.rules)
    .filter(([, entry]) => entry.fires[doc])
    .map(([rule, entry]) => [rule, { ...entry, fires: { [doc]: entry.fires[doc] } }]);
  return { ...ruleset, rules: Object.fromEntries(rules) };
}

describe('a document that breaks a guideline', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-doc-'));
    return () => fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'fails the check by one more finding of a recorded rule',
    async () => {
      const doc = loadDocument('dmp');
      // A camelCase field the description does not have: one more must-use-snake-case-for-property-names on dmp.
      doc.components.schemas.TagListResponse.properties.nextPage = { type: 'string', description: 'Invented.' };
      const file = path.join(dir, 'dmp.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const counted = await countFindings(record.rulesets.zalando, { dmp: file });
      expect(compareRuleset('zalando', onDocument(record.rulesets.zalando, 'dmp'), counted)).toEqual([
        'zalando: must-use-snake-case-for-property-names fires 3 times on dmp, the record says 2 (a new finding?)',
      ]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'reports a ruleset that cannot run instead of passing with no findings',
    async () => {
      const missing = { tool: 'spectral', config: path.join(dir, 'no-such-ruleset.yaml') };
      await expect(countFindings(missing, { dmp: bundlesOf(record).dmp })).rejects.toThrow(
        /spectral lint .* gave no JSON report/,
      );
    },
    LINT_TIMEOUT_MS,
  );
});
