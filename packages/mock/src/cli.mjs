#!/usr/bin/env node
// @ts-check
// `pnpm mock`: starts a mock of every API of the registry, prints their base URLs, stops them on Ctrl-C / SIGTERM.
import { parseArgs } from 'node:util';
import { apis, FIRST_PORT, startMocks } from './start-mocks.mjs';

const usage = `Usage: npx pushapi-mock [options]
       (in the pushapi workspace: npx -y pnpm@10.34.9 run mock -- [options])

Starts a Prism mock of each API (${apis.map((a) => a.title).join(', ')}) on the loopback interface.

Options (environment variable in brackets; a flag wins over its variable):
  --port <n>        port of the first mock [MOCK_PORT], default ${FIRST_PORT}; the others take the next ports, in
                    the order of the registry (${apis.map((a) => `${a.name} ${a.defaultPort}`).join(', ')}). 0: free ports
  --host <addr>     interface to listen on [MOCK_HOST], default 127.0.0.1
  --dynamic         generate response data from the schemas instead of answering the examples [MOCK_DYNAMIC=1]
  --seed <s>        seed of the dynamic generator, for repeatable answers [MOCK_SEED]
  --quiet           do not print Prism's per-request log
  --help            show this text`;

/** @param {string} name @param {string | undefined} value @param {number} fallback */
function port(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`mock: ${name} must be a port number from 0 to 65535, got "${value}"`);
    process.exit(2);
  }
  return n;
}

// `pnpm mock -- --port 5010` hands the script a literal `--` before the flags: drop it.
const argv = process.argv.slice(2);
if (argv[0] === '--') argv.shift();

let values;
try {
  ({ values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      dynamic: { type: 'boolean' },
      seed: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  console.error(`mock: ${/** @type {Error} */ (error).message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const env = process.env;
const options = {
  port: port('--port', values.port ?? env.MOCK_PORT, FIRST_PORT),
  host: values.host ?? env.MOCK_HOST ?? '127.0.0.1',
  dynamic: values.dynamic ?? ['1', 'true', 'yes'].includes(String(env.MOCK_DYNAMIC ?? '').toLowerCase()),
  seed: values.seed ?? (env.MOCK_SEED || undefined),
};
const onLog = values.quiet
  ? undefined
  : (/** @type {string} */ api, /** @type {string} */ line) => console.log(`[${api}] ${line}`);

let stopping = false;
/** @type {Awaited<ReturnType<typeof startMocks>> | undefined} */
let mocks;
const shutdown = async (/** @type {string} */ signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the mocks...`);
  // Still starting: exiting closes the mocks' stdin, and their watchdog ends them.
  await mocks?.stop();
  console.log('mocks stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const started = Date.now();
try {
  mocks = await startMocks({ ...options, onLog });
} catch (error) {
  console.error(`mock: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
// A mock that dies on its own (not through Ctrl-C / SIGTERM) takes the others down with it.
void mocks.exited.then(async ({ name, code, signal }) => {
  if (stopping) return;
  stopping = true;
  console.error(`mock: the ${name} mock exited (${signal ?? `code ${code}`}); stopping the others.`);
  await mocks?.stop();
  process.exit(1);
});
const running = Object.values(mocks.servers);
const width = Math.max(...running.map((m) => m.title.length));
console.log(
  [
    `Mocks ready in ${Date.now() - started} ms (${options.dynamic ? 'dynamic data from the schemas' : 'answers from the examples'}).`,
    ...running.map(
      (m) =>
        `  ${m.title.padEnd(width)}  ${m.baseUrl}  (client base URL; requests go to ${m.baseUrl}${m.basePath}/<path>)`,
    ),
    'Press Ctrl-C to stop.',
  ].join('\n'),
);
