// @ts-check
// What a Map used as a queue costs per push (the sandbox's request ids, src/behaviour/request-ids.ts: put the new one,
// forget the oldest past the bound), found as the sandbox finds it (the first entry of an iteration) and found by its
// key (what a queue that knows its oldest would cost). V8 leaves a deleted entry as a hole that an iteration from the
// start steps over until the table is rebuilt. No server, no timing test: a figure for the bench README.
//   node bench/src/map-queue-cost.mjs [--pushes=100000] [--sizes=1000,10000,80000]
const option = (/** @type {string} */ name, /** @type {string} */ fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PUSHES = Number(option('pushes', '100000'));
const SIZES = option('sizes', '1000,10000,80000').split(',').map(Number);

const idOf = (/** @type {number} */ n) => `bench${String(n).padStart(27, '0')}`;

/** @param {number} bound @param {boolean} byKey @returns {number} ns per push */
function perPush(bound, byKey) {
  /** @type {Map<string, { requestid: string, at: number }>} */
  const ids = new Map();
  let next = 0;
  const put = () => {
    const requestid = idOf(next);
    ids.set(requestid, { requestid, at: next++ });
  };
  for (let i = 0; i < bound; i++) put();
  const started = process.hrtime.bigint();
  for (let i = 0; i < PUSHES; i++) {
    put();
    if (byKey) ids.delete(idOf(next - 1 - bound));
    else
      for (const record of ids.values()) {
        if (ids.size <= bound) break;
        ids.delete(record.requestid);
      }
  }
  return Number(process.hrtime.bigint() - started) / PUSHES;
}

console.log('| entries kept | the oldest found by iteration: ns per push | found by its key: ns per push |');
console.log('|---|---|---|');
for (const bound of SIZES) {
  // One round of each first, so both are measured warm.
  perPush(bound, false);
  perPush(bound, true);
  console.log(`| ${bound} | ${perPush(bound, false).toFixed(0)} | ${perPush(bound, true).toFixed(0)} |`);
}
