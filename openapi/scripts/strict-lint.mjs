// Runs the stricter rulesets (Redocly's `all`, IBM's, Zalando's) on the bundled documents and compares what they
// report with the record, strict-rulesets.yaml: each rule that fires is listed there with how often per document
// and why it does not apply. Any difference fails: a rule the record does not list, a count other than the recorded
// one (a new finding cannot hide behind an old one), a recorded rule that no longer fires (the record stays true).
// Offline: the rulesets are devDependencies of this package.
//
//   node scripts/strict-lint.mjs    prints the counts and exits 1 on any difference
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
export const recordFile = path.join(pkgDir, 'strict-rulesets.yaml');
const bins = {
  spectral: path.join(pkgDir, '..', 'node_modules', '.bin', 'spectral'),
  redocly: path.join(pkgDir, 'node_modules', '.bin', 'redocly'),
};
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/** The record, checked for shape: every ruleset names its tool and config, every rule its counts and a reason. */
export function readRecord(file = recordFile) {
  const record = parse(fs.readFileSync(file, 'utf8'));
  const problems = [];
  if (!Array.isArray(record?.documents) || record.documents.length === 0)
    problems.push('`documents` lists no document');
  for (const [name, set] of Object.entries(record?.rulesets ?? {})) {
    if (!bins[set?.tool]) problems.push(`ruleset ${name}: tool must be one of ${Object.keys(bins).join(', ')}`);
    if (typeof set?.config !== 'string') problems.push(`ruleset ${name}: no config file`);
    for (const [rule, entry] of Object.entries(set?.rules ?? {})) {
      if (typeof entry?.reason !== 'string' || entry.reason.trim().length < 20)
        problems.push(`ruleset ${name}, rule ${rule}: no reason`);
      const counts = Object.entries(entry?.fires ?? {});
      if (counts.length === 0 || counts.some(([, n]) => !Number.isInteger(n) || n < 1))
        problems.push(`ruleset ${name}, rule ${rule}: \`fires\` must give a count of at least 1 per document`);
    }
  }
  if (problems.length > 0) throw new Error(`${path.basename(file)} is malformed:\n  ${problems.join('\n  ')}`);
  return record;
}

/** The bundle of each document named in the record; a missing one is an error (the linters would lint nothing). */
export function bundlesOf(record) {
  return Object.fromEntries(
    record.documents.map((name) => {
      const file = path.join(pkgDir, 'dist', `${name}.json`);
      if (!fs.existsSync(file))
        throw new Error(`strict-lint: no bundle ${file}; run the openapi package's bundle first`);
      return [name, file];
    }),
  );
}

function run(bin, args) {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { cwd: pkgDir, env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Both tools exit 1 when they report findings; only output that is not a report is a failure.
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(
          new Error(
            `${path.basename(bin)} ${args.join(' ')} gave no JSON report (exit ${error?.code ?? 0}): ${stderr.trim().slice(0, 2000)}`,
          ),
        );
      }
    });
  });
}

/** Findings of one Spectral ruleset on the documents, as [document, rule] pairs. */
async function spectralFindings(config, bundles) {
  const byFile = new Map(Object.entries(bundles).map(([doc, file]) => [file, doc]));
  const report = await run(bins.spectral, [
    'lint',
    ...byFile.keys(),
    '--ruleset',
    config,
    '--format',
    'json',
    '--quiet',
  ]);
  return report.map((r) => [byFile.get(r.source) ?? r.source, r.code]);
}

/** Findings of Redocly with a config on the documents (one run each: its JSON report covers one file). */
async function redoclyFindings(config, bundles) {
  const reports = await Promise.all(
    Object.entries(bundles).map(async ([doc, file]) => {
      const report = await run(bins.redocly, [
        'lint',
        file,
        '--config',
        config,
        '--max-problems',
        '100000',
        '--format',
        'json',
      ]);
      return report.problems.map((p) => [doc, p.ruleId]);
    }),
  );
  return reports.flat();
}

/** How often each rule of one ruleset fires per document: { rule: { document: count } }. */
export async function countFindings(ruleset, bundles) {
  const config = path.resolve(pkgDir, ruleset.config);
  const findings =
    ruleset.tool === 'redocly' ? await redoclyFindings(config, bundles) : await spectralFindings(config, bundles);
  const counts = {};
  for (const [doc, rule] of findings) {
    counts[rule] ??= {};
    counts[rule][doc] = (counts[rule][doc] ?? 0) + 1;
  }
  return counts;
}

/** Every ruleset of the record, run at once: { ruleset: { rule: { document: count } } }. */
export async function countAll(record, bundles = bundlesOf(record)) {
  const names = Object.keys(record.rulesets);
  const counts = await Promise.all(names.map((name) => countFindings(record.rulesets[name], bundles)));
  return Object.fromEntries(names.map((name, i) => [name, counts[i]]));
}

/** The differences between what a ruleset reported and what the record says, one sentence each. */
export function compareRuleset(name, recorded, counted) {
  const problems = [];
  for (const [rule, byDoc] of Object.entries(counted)) {
    const entry = recorded?.rules?.[rule];
    if (!entry) {
      problems.push(`${name}: ${rule} fires ${describe(byDoc)}, and the record does not explain it`);
      continue;
    }
    for (const [doc, n] of Object.entries(byDoc)) {
      const expected = entry.fires[doc] ?? 0;
      if (n !== expected)
        problems.push(
          `${name}: ${rule} fires ${n} times on ${doc}, the record says ${expected}${n > expected ? ' (a new finding?)' : ''}`,
        );
    }
  }
  for (const [rule, entry] of Object.entries(recorded?.rules ?? {})) {
    for (const [doc, expected] of Object.entries(entry.fires)) {
      if (!counted[rule]?.[doc])
        problems.push(`${name}: ${rule} no longer fires on ${doc} (recorded ${expected}): remove it from the record`);
    }
  }
  return problems;
}

/** Differences over every ruleset of the record. */
export function compareAll(record, counts) {
  return Object.keys(record.rulesets).flatMap((name) =>
    compareRuleset(name, record.rulesets[name], counts[name] ?? {}),
  );
}

function describe(byDoc) {
  return Object.entries(byDoc)
    .map(([doc, n]) => `${n} times on ${doc}`)
    .join(', ');
}

async function main() {
  const record = readRecord();
  const counts = await countAll(record);
  for (const [name, rules] of Object.entries(counts)) {
    const total = Object.values(rules).reduce((sum, byDoc) => sum + Object.values(byDoc).reduce((a, b) => a + b, 0), 0);
    console.log(`${name}: ${Object.keys(rules).length} rules fire, ${total} findings`);
  }
  const problems = compareAll(record, counts);
  if (problems.length > 0) {
    console.error(`strict-lint: the record (strict-rulesets.yaml) does not match:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('strict-lint: every finding is explained by strict-rulesets.yaml.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
