// @ts-check
// Runs the smoke target on the Node that runs this file (the runtime matrix starts it with each Node binary
// of the matrix), prints its base URLs as one `TARGET {...}` line, and stops it when stdin ends.
// Usage: node serve-target.mjs <folder whose node_modules provides the server package>
import { startSmokeTarget } from './smoke-target.mjs';

const from = process.argv[2];
if (!from) {
  console.error('usage: node serve-target.mjs <folder>');
  process.exit(2);
}
const { pushBaseUrl, dmpBaseUrl, stop } = await startSmokeTarget({ from });
console.log(`TARGET ${JSON.stringify({ pushBaseUrl, dmpBaseUrl, node: process.version })}`);
process.stdin.on('end', () => void stop().then(() => process.exit(0)));
process.stdin.resume();
