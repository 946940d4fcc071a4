#!/usr/bin/env node
// @ts-check
// The share of a CPU profile's busy samples that each named function is on the stack for (its inclusive time), for
// the functions a change is about, where profile-push.mjs's parts are too coarse to show it:
//   node bench/src/profile-push.mjs --seconds=8 --warmup=3 --keep=/tmp/push.cpuprofile
//   node bench/src/profile-functions.mjs /tmp/push.cpuprofile rememberAnswer answerOnce handle
// A name matches a frame whose function has that name, or that name with the digit esbuild adds on a clash. The
// whole profile counts (start-up and warm-up too): compare two profiles made the same way.
import fs from 'node:fs';

/**
 * @param {{ nodes: { id: number, callFrame: { functionName: string }, children?: number[] }[], samples: number[] }} profile
 * @param {string[]} names
 * @returns {{ busy: number, shares: Record<string, number> }}
 */
export function inclusiveShares(profile, names) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const hits = new Map(names.map((name) => [name, 0]));
  let busy = 0;
  for (const sample of profile.samples) {
    if (byId.get(sample)?.callFrame.functionName === '(idle)') continue;
    busy++;
    /** @type {Set<string>} */
    const seen = new Set();
    for (let id = /** @type {number | undefined} */ (sample); id !== undefined; id = parentOf.get(id)) {
      const name = byId.get(id)?.callFrame.functionName.replace(/\d+$/, '') ?? '';
      if (hits.has(name) && !seen.has(name)) {
        seen.add(name);
        hits.set(name, (hits.get(name) ?? 0) + 1);
      }
    }
  }
  return { busy, shares: Object.fromEntries([...hits].map(([name, n]) => [name, busy ? n / busy : 0])) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, ...names] = process.argv.slice(2);
  if (!file || names.length === 0) {
    console.error('usage: node bench/src/profile-functions.mjs <file.cpuprofile> <function name>...');
    process.exit(2);
  }
  const { busy, shares } = inclusiveShares(JSON.parse(fs.readFileSync(file, 'utf8')), names);
  console.log(`${busy} busy samples`);
  for (const [name, share] of Object.entries(shares)) console.log(`${(100 * share).toFixed(2).padStart(6)}%  ${name}`);
}
