#!/usr/bin/env node
// api-diff: every change between the bundled public documents (push-v1, dmp) at a git ref and in the working
// tree, by operation, with its class from the consumer's side and why.
//   npx -y pnpm@10.34.9 run api-diff -- [--base <git ref>] [--json] [--changeset <name>]
// --base defaults to the last release of @pushapi/openapi. --json prints {"changes": [...]} and nothing else on
// stdout. --changeset <name> also writes .changeset/<name>.md for the change at hand: the findings that no pending
// changeset names and the acceptance file does not accept (on a branch, less those already at its merge base with
// main), with the bumps they need, the entry in plain words and the ids of the findings it documents. Exit 0 when the diff ran, 2 on a usage error, 1 when it could not run (a document that does not bundle).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundlesAtRef, diffBundles, diffWorkingTree } from './bundles.mjs';
import { changesetText } from './release.mjs';
import { changeAtHand, releaseState } from './state.mjs';
import { renderText, toJson } from './render.mjs';
import { hitsBlock, hitsJson, readUsage, withHits } from './usage.mjs';

const USAGE =
  'usage: pnpm run api-diff -- [--base <git ref>] [--head <git ref>] [--json] [--changeset <name>] [--usage <file>]';

function usageError(message) {
  console.error(`api-diff: ${message}\n${USAGE}`);
  process.exit(2);
}

function options(argv) {
  try {
    const { values, positionals } = parseArgs({
      args: argv.filter((arg) => arg !== '--'), // pnpm passes the separator through
      options: {
        base: { type: 'string' },
        head: { type: 'string' }, // the documents at this ref instead of the working tree (a past change: --base X~1 --head X)
        json: { type: 'boolean' },
        changeset: { type: 'string' },
        usage: { type: 'string' }, // ledgers of pushapi-sandbox usage: which apps each change hits (usage.mjs)
        help: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length) usageError(`unexpected argument "${positionals[0]}"`);
    if (values.base === '') usageError('--base needs a git ref');
    if (values.head !== undefined && !values.base) usageError('--head needs --base: the two refs to compare');
    if (values.head !== undefined && values.changeset !== undefined)
      usageError('--changeset writes the change at hand (the working tree): leave out --head');
    if (values.changeset !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(values.changeset))
      usageError('--changeset needs a name of lower case letters, digits and dashes');
    return values;
  } catch (error) {
    return usageError(error.message);
  }
}

/**
 * Writes .changeset/<name>.md for the change at hand (what no changeset names yet); never over an existing file,
 * and none when nothing is left to name.
 */
function writeChangeset(cwd, name, result, say) {
  const file = path.join(cwd, '.changeset', `${name}.md`);
  const state = releaseState(cwd, result.base, result.changes);
  const { changes, onMainAlready } = changeAtHand(cwd, state);
  if (onMainAlready.length)
    say(`api-diff: ${onMainAlready.length} finding(s) no changeset names were already on main: left to main`);
  if (!changes.length)
    return say('api-diff: no change that a consumer can see and no changeset names yet, so no changeset written');
  fs.writeFileSync(file, changesetText(cwd, changes), { flag: 'wx' });
  say(`api-diff: wrote ${path.relative(cwd, file)} (${changes.length} finding(s))`);
}

function readUsageOrExit(file) {
  try {
    // pnpm runs the root's script at the root: a relative path is the user's, from where pnpm was started.
    return readUsage(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
  } catch (error) {
    return usageError(error.message);
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  if (opts.help) return console.log(USAGE);
  const cwd = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  if (opts.changeset && fs.existsSync(path.join(cwd, '.changeset', `${opts.changeset}.md`))) {
    usageError(`.changeset/${opts.changeset}.md exists already: choose another name`);
  }
  if (opts.head !== undefined) {
    try {
      execFileSync('git', ['rev-parse', '--verify', '--quiet', `${opts.head}^{commit}`], { cwd, stdio: 'ignore' });
    } catch {
      usageError(`--head ${opts.head}: not a commit in this repository`);
    }
  }
  let result;
  try {
    result =
      opts.head === undefined
        ? await diffWorkingTree(cwd, opts.base)
        : { base: opts.base, changes: diffBundles(bundlesAtRef(cwd, opts.base), bundlesAtRef(cwd, opts.head)) };
  } catch (error) {
    if (error.usage) usageError(error.message);
    console.error(`api-diff: ${error.message}`); // e.g. a document that does not bundle: the diff did not run
    process.exit(1);
  }
  const hit = opts.usage === undefined ? undefined : withHits(result.changes, readUsageOrExit(opts.usage));
  // With --usage the changeset's entry carries each change's hits line too (render.mjs).
  if (opts.changeset)
    writeChangeset(
      cwd,
      opts.changeset,
      { ...result, changes: hit ?? result.changes },
      opts.json ? console.error : console.log,
    );
  if (opts.json) {
    const json = toJson(result.changes);
    if (hit) json.changes.forEach((c, i) => Object.assign(c, { hits: hitsJson(hit[i].hits) }));
    return console.log(JSON.stringify(json));
  }
  const head = opts.head === undefined ? 'working tree' : opts.head;
  console.log(`api-diff: documents at ${result.base.slice(0, 12)} -> ${head}\n${renderText(result.changes)}`);
  if (hit) console.log(`\n${hitsBlock(hit, opts.usage)}`);
}

await main();
