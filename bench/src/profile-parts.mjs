// @ts-check
// The parts of a request's way through the sandbox, as the breakdown of bench/README.md names them, and which
// part a CPU sample belongs to. The sandbox is bundled without source maps, so a frame is known by its function's
// name (esbuild keeps names, adding a digit on a clash: `route2`) or, for Node's own code, by its module. The
// innermost frame of a stack that names a part decides: a JSON.stringify under the request log is the log's, under
// the answer it is serialization.

/** The parts, in the order of a request; `node:http`, `(program)`, `other` and `idle` collect the rest. */
export const PARTS = [
  'node:http (parser, request and response objects)',
  'routing (host, path, route, team)',
  'body reading',
  'parsing (JSON)',
  'admission (app, token, due work)',
  'validation',
  'handler',
  'unit and commit',
  'events',
  'request log',
  'metrics',
  'serialization (answer JSON, headers)',
  'socket write',
  'garbage collector',
  '(program) (V8 and native)',
  'other',
  'idle',
];

/** Sandbox functions (by name) that mark a part. */
const NAMED = {
  'routing (host, path, route, team)': [
    'checkHostAndOrigin',
    'checkRawPath',
    'route',
    'appScopedPath',
    'enterTeam',
    'newContext',
    'checkHost',
    'checkOrigin',
  ],
  'body reading': ['readBody'],
  'parsing (JSON)': ['parseJsonBody', 'requireJson'],
  'admission (app, token, due work)': ['findApp', 'injectFault', 'dueWork', 'admit', 'checkAppQuota'],
  validation: ['validate', 'checkCall'],
  handler: ['handle'],
  'unit and commit': ['commitUnit', 'commit', 'Unit'],
  events: ['eventOf', 'messageChange', 'boundedEvent'],
  'request log': ['logRequest', 'logEntryOf', 'recordRequest', 'keptEntry', 'pushNote', 'pushWarnings'],
  metrics: ['observeRequest', 'observeChanges', 'timeCommit'],
  'serialization (answer JSON, headers)': ['send', 'sendReply', 'writeHead', '_storeHeader', 'processHeader'],
};

/** @type {Map<string, string>} */
const byName = new Map(Object.entries(NAMED).flatMap(([part, names]) => names.map((n) => [n, part])));

/** Node's modules (and packages) that mark a part when no sandbox function below them did. */
const BY_URL = /** @type {[RegExp, string][]} */ ([
  [/prom-client/, 'metrics'],
  [/\/validators\/|[/\\]ajv[/\\]/, 'validation'],
  [/^node:(net|internal\/stream_base_commons|_http_outgoing|internal\/net)$/, 'socket write'],
  [/^node:internal\/streams\/readable$/, 'body reading'],
  [
    /^node:(_http_server|_http_common|_http_incoming|internal\/http)$/,
    'node:http (parser, request and response objects)',
  ],
]);

/**
 * The part a stack's sample belongs to.
 * @param {{ functionName: string, url: string }[]} stack  innermost frame first
 */
export function partOfStack(stack) {
  const leaf = stack[0]?.functionName;
  if (leaf === '(garbage collector)') return 'garbage collector';
  if (leaf === '(idle)') return 'idle';
  if (leaf === '(program)') return '(program) (V8 and native)';
  for (const { functionName, url } of stack) {
    const name = functionName.replace(/\d+$/, '');
    // The sandbox's own names only count in the sandbox's files: `emit`, `send` or `route` exist in Node too.
    const sandboxFrame = url.includes('/sandbox/dist/');
    if (sandboxFrame && byName.has(name)) return /** @type {string} */ (byName.get(name));
    if (sandboxFrame && name === 'emit') return 'events';
    if (!sandboxFrame && (name === 'writeHead' || name === '_storeHeader' || name === 'processHeader'))
      return 'serialization (answer JSON, headers)';
    for (const [pattern, part] of BY_URL) if (pattern.test(url)) return part;
  }
  return 'other';
}
