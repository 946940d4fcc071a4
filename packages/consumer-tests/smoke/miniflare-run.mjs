// @ts-check
// Runs the bundled smoke worker in workerd through miniflare, and prints the worker's report line.
// miniflare needs Node >= 22: this file is run by one of the Node binaries of the runtime matrix.
// Usage: PUSH_BASE_URL=... DMP_BASE_URL=... node miniflare-run.mjs <miniflare module path> <worker bundle>
import { pathToFileURL } from 'node:url';

const [miniflareModule, script] = process.argv.slice(2);
if (!miniflareModule || !script) {
  console.error('usage: node miniflare-run.mjs <miniflare module path> <worker bundle>');
  process.exit(2);
}
const { PUSH_BASE_URL, DMP_BASE_URL } = process.env;
if (!PUSH_BASE_URL || !DMP_BASE_URL) {
  console.error('smoke: set PUSH_BASE_URL and DMP_BASE_URL to the base URLs of the server to call');
  process.exit(2);
}
const { Miniflare } = await import(pathToFileURL(miniflareModule).href);
const mf = new Miniflare({
  modules: true,
  scriptPath: script,
  compatibilityDate: '2026-07-01',
  bindings: { PUSH_BASE_URL, DMP_BASE_URL },
});
try {
  const response = await mf.dispatchFetch('http://smoke.test/');
  const text = await response.text();
  console.log(text);
  process.exitCode =
    response.ok &&
    text.startsWith('SMOKE ') &&
    JSON.parse(text.slice(6)).every((/** @type {{ ok: boolean }} */ r) => r.ok)
      ? 0
      : 1;
} finally {
  await mf.dispose();
}
