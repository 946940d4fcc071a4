#!/usr/bin/env node
// Checks what `haproxy -c` cannot: that a team service's haproxy.cfg has one home per process everywhere the count
// of processes appears (the hash's `mod(N)`, the `home_sK` backends, their `use_backend` lines, the `first_up`
// servers, the `sK` names), so adding a process is one change checked whole. Exit 0 with the count, or 1 naming
// each place that disagrees.
//   node packages/sandbox/deploy/check-haproxy-cfg.mjs [/etc/haproxy/pushapi-sandbox.cfg]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The problems of a configuration's text (an empty list: it holds together), and its number of processes. */
export function checkConfig(text) {
  const lines = text.split('\n').map((line) => line.replace(/#.*/, '').trim());
  const mod = lines.map((l) => /xxh32,mod\((\d+)\),add\(1\)/.exec(l)).find(Boolean);
  const problems = [];
  if (!mod) return { processes: 0, problems: ['no `xxh32,mod(N),add(1)` hash of the appid: the homes are not set'] };
  const count = Number(mod[1]);
  const homes = lines.flatMap((l) => /^backend home_s(\d+)$/.exec(l)?.[1] ?? []).map(Number);
  const uses = lines.flatMap((l) => /^use_backend home_s(\d+) if \{ var\(txn\.home\) -m int (\d+) \}$/.exec(l) ?? []);
  const firstUp = lines.flatMap((l) => /^server s(\d+) .* track home_s(\d+)\/s(\d+)$/.exec(l) ?? []);
  const expected = Array.from({ length: count }, (_, i) => i + 1);
  const same = (list) => list.length === expected.length && expected.every((n, i) => list[i] === n);
  if (!same(homes))
    problems.push(
      `mod(${count}) wants backends home_s1 … home_s${count}; found: ${homes.map((n) => `home_s${n}`).join(', ') || 'none'}`,
    );
  const useLines = [];
  for (let i = 0; i < uses.length; i += 3) useLines.push([Number(uses[i + 1]), Number(uses[i + 2])]);
  if (!same(useLines.map(([b]) => b)) || useLines.some(([b, n]) => b !== n))
    problems.push(
      `mod(${count}) wants use_backend home_sK if { var(txn.home) -m int K } for K = 1 … ${count}; found ${useLines.length}`,
    );
  const tracked = [];
  for (let i = 0; i < firstUp.length; i += 4) tracked.push(firstUp.slice(i + 1, i + 4).map(Number));
  if (!same(tracked.map(([s]) => s)) || tracked.some(([s, b, t]) => s !== b || b !== t))
    problems.push(
      `mod(${count}) wants first_up servers sK tracking home_sK/sK for K = 1 … ${count}; found ${tracked.length}`,
    );
  for (const k of expected) {
    const server = lines.some((l) => new RegExp(`^server s${k} .* check`).test(l));
    if (!server) problems.push(`backend home_s${k} has no checked server s${k}`);
  }
  return { processes: count, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? fileURLToPath(new URL('./haproxy.cfg', import.meta.url));
  const { processes, problems } = checkConfig(readFileSync(file, 'utf8'));
  if (problems.length > 0) {
    console.error(`${file}: ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`${file}: ${processes} processes, one home each, the same everywhere`);
}
