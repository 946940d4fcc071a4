// Generates the `x-codeSamples` of every operation (a TypeScript client call and a curl command)
// from the operation's first request example and its parameter examples, so the samples change
// whenever the document's examples change and cannot drift from them. What the samples need beyond the
// document comes from the API's registry entry (redocly.yaml): `client` (x-client) for the TypeScript sample,
// which an API without a client does not get, and `curlCredentials` (x-curl-credentials) for curl.
import {
  deref,
  listOperations,
  requestExample,
  parameterExamples,
  securityOf,
  responseMediaTypes,
  label,
} from './document.mjs';
import { tsLiteral } from './literal.mjs';

// ---- curl -----------------------------------------------------------------------------------

const shellSafe = /^[A-Za-z0-9/_.~%,:+-]*$/;

function singleQuoted(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `{base_url}/v1/{appid}` becomes `${BASE_URL}/v1/${APPID}`: server variables are shell variables. */
export function serverUrlForShell(doc) {
  const url = doc.servers?.[0]?.url ?? '';
  return url.replace(/\/$/, '').replace(/\{([^}]+)\}/g, (_, name) => `\${${name.toUpperCase()}}`);
}

function requestPath(entry, examples) {
  return entry.path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (!(name in examples.path)) throw new Error(`${label(entry)}: no example for path parameter ${name}`);
    return encodeURIComponent(String(examples.path[name]));
  });
}

function credentialVariable(api, name, scheme) {
  if (api.curlCredentials?.[name]) return api.curlCredentials[name];
  if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)) return 'ACCESS_TOKEN';
  return name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

function securityHeaders(doc, entry, api) {
  const headers = [];
  for (const { name, scheme } of securityOf(doc, entry)) {
    if (!scheme) throw new Error(`${label(entry)}: unknown security scheme ${name}`);
    const variable = credentialVariable(api, name, scheme);
    if (scheme.type === 'apiKey' && scheme.in === 'header') headers.push(`"${scheme.name}: \${${variable}}"`);
    else if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme))
      headers.push(`"Authorization: Bearer \${${variable}}"`);
    else throw new Error(`${label(entry)}: security scheme ${name} (${scheme.type}) has no curl form`);
  }
  return headers;
}

/** Body fields the samples never show fixed (the registry's `fills`: requestid), found at any depth. */
function markFilled(value, fields) {
  let count = 0;
  const mark = (node) => {
    if (Array.isArray(node)) return node.map(mark);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => [
        key,
        fields.includes(key) && typeof child === 'string' ? `__PUSHAPI_FILL_${key}_${++count}__` : mark(child),
      ]),
    );
  };
  const marked = mark(value);
  return { value: marked, count };
}

/**
 * A curl command for one request example (`example`: { mediaType, value }; the first one when left out). A field the
 * client fills in per call (requestid) is a shell variable set on the line before, so that running the sample twice
 * pushes twice: a fixed requestid would make the service answer the second run with the first answer.
 */
export function curlSample(doc, entry, api, example) {
  const examples = parameterExamples(doc, entry);
  const body = example ?? requestExample(doc, entry);
  const base = serverUrlForShell(doc);
  // Query parameters of a GET go one per line with --get --data-urlencode: readable, and curl encodes them. Other
  // methods may carry a body, which --get would move into the query: their parameters are written into the URL.
  const query = Object.entries(examples.query);
  const inUrl =
    entry.method !== 'get' && query.length
      ? `?${new URLSearchParams(query.map(([name, value]) => [name, String(value)]))}`
      : '';
  const rest = `${requestPath(entry, examples)}${inUrl}`;
  const url = shellSafe.test(rest) ? `"${base}${rest}"` : `"${base}"${singleQuoted(rest)}`;
  const lines = [
    entry.method === 'get'
      ? `curl${query.length ? ' --get' : ''} ${url}`
      : `curl -X ${entry.method.toUpperCase()} ${url}`,
    ...(entry.method === 'get'
      ? query.map(([name, value]) => `--data-urlencode ${singleQuoted(`${name}=${value}`)}`)
      : []),
  ];
  // A vendor media type among the responses is the versioned one the service asks callers to name.
  const vendor = responseMediaTypes(doc, entry).find((type) => type.includes('/vnd.'));
  if (vendor) lines.push(`-H ${singleQuoted(`Accept: ${vendor}`)}`);
  for (const header of securityHeaders(doc, entry, api)) lines.push(`-H ${header}`);
  for (const [name, value] of Object.entries(examples.header)) lines.push(`-H ${singleQuoted(`${name}: ${value}`)}`);
  const before = [];
  if (body) {
    const fills = api.client?.fills ?? [];
    const marked = markFilled(body.value, fills);
    let data = singleQuoted(JSON.stringify(marked.value, null, 2));
    for (const field of fills) {
      const variable = field.toUpperCase();
      let used = false;
      data = data.replace(new RegExp(`__PUSHAPI_FILL_${field}_(\\d+)__`, 'g'), (_, n) => {
        used = true;
        return `'"\${${variable}}${marked.count > 1 ? `-${n}` : ''}"'`;
      });
      if (used) before.push(`${variable}=$(openssl rand -hex 12) # a new ${field} for each call`);
    }
    lines.push(`-H ${singleQuoted(`Content-Type: ${body.mediaType}`)}`);
    lines.push(`--data ${data}`);
  }
  return [...before, lines.join(' \\\n  ')].join('\n');
}

// ---- TypeScript client --------------------------------------------------------------------------

/** The body without the fields the client fills in by itself (at any depth), and which of them it held. */
function withoutFilledFields(value, fields) {
  const removed = new Set();
  const strip = (node) => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).flatMap(([key, child]) => {
        if (!fields.includes(key)) return [[key, strip(child)]];
        removed.add(key);
        return [];
      }),
    );
  };
  return { value: strip(value), removed: [...removed] };
}

/** The call of one example (`example`: { mediaType, value }; the first one when left out), and its notes. */
function typescriptCall(doc, entry, client, example) {
  const examples = parameterExamples(doc, entry);
  const body = example ?? requestExample(doc, entry);

  const params = {};
  if (Object.keys(examples.path).length) params.path = examples.path;
  if (Object.keys(examples.query).length) params.query = examples.query;
  if (Object.keys(examples.header).length) params.header = examples.header;
  const init = {};
  if (Object.keys(params).length) init.params = params;
  // A value the client fills in per call (requestid) is never shown fixed: reused, it would make the service
  // drop the repeated call.
  const filled = body ? withoutFilledFields(body.value, client.fills ?? []) : { removed: [] };
  if (body) init.body = filled.value;

  const method = entry.method.toUpperCase();
  const args = Object.keys(init).length ? `'${entry.path}', ${tsLiteral(init)}` : `'${entry.path}'`;
  const notes = [
    ...(client.notes?.[entry.operation.operationId] ? [client.notes[entry.operation.operationId]] : []),
    ...filled.removed.map(
      (field) =>
        `${field} is left out: the client fills in a new one for each call and sends that same one on retries.`,
    ),
  ];
  return { call: `${client.variable}.${method}(${args})`, notes };
}

const comment = (text) => text.split('\n').map((line) => `// ${line}`);

/** A JavaScript name for an example's answer: `notification`, `byCid`, `example2` for one that is not a name. */
const answerName = (name, index) =>
  /^[A-Za-z][A-Za-z0-9]*$/.test(name) && !['push', 'dmp', 'control', 'answer'].includes(name)
    ? name
    : `example${index + 1}`;

/**
 * The TypeScript sample: the client made once, then the call of the first example (`examples` left out), or of each
 * named example in turn (`examples`: [{ name, summary, mediaType, value }]).
 */
export function typescriptSample(doc, entry, client, examples) {
  // The clients resolve with the answer's JSON and throw a typed error on failure (see their READMEs).
  const setup = [
    `import { ${client.factory} } from '${client.package}';`,
    '',
    `const ${client.variable} = ${client.factory}({`,
    ...client.options.map((line) => `  ${line}`),
    '});',
    '',
  ];
  if (!examples || examples.length < 2) {
    const { call, notes } = typescriptCall(doc, entry, client, examples?.[0]);
    return [...setup, ...notes.flatMap(comment), `const answer = await ${call};`, 'console.log(answer);'].join('\n');
  }
  const calls = examples.map((example, i) => {
    const { call, notes } = typescriptCall(doc, entry, client, example);
    const name = answerName(example.name, i);
    return [
      ...comment(`Example "${example.name}": ${example.summary}`),
      ...(i === 0 ? notes.flatMap(comment) : []),
      `const ${name} = await ${call};`,
      `console.log(${name});`,
    ].join('\n');
  });
  return [...setup, calls.join('\n\n')].join('\n');
}

/** Every named example of the operation's JSON request body: [{ name, summary, mediaType, value }] (none without). */
export function requestExamples(doc, entry) {
  if (!entry.operation.requestBody) return [];
  const body = deref(doc, entry.operation.requestBody);
  const [mediaType, media] = Object.entries(body.content ?? {}).find(([type]) => /json/.test(type)) ?? [];
  if (!media?.examples) return [];
  return Object.entries(media.examples).map(([name, raw]) => {
    const example = deref(doc, raw);
    return { name, summary: example.summary ?? name, mediaType, value: example.value };
  });
}

/** The curl samples of each named example in turn, each under a comment naming it. */
function curlSamples(doc, entry, api, examples) {
  if (examples.length < 2) return curlSample(doc, entry, api, examples[0]);
  return examples
    .map((example) =>
      [`# Example "${example.name}": ${example.summary}`, curlSample(doc, entry, api, example)].join('\n'),
    )
    .join('\n\n');
}

// ---- the docs copy of a document --------------------------------------------------------------

/**
 * The docs copy of a document: a deep copy with `x-codeSamples` on every operation (`api` is its registry
 * entry) and a link back
 * to the site's index at the top of the description. The input is not modified.
 */
export function withCodeSamples(doc, api) {
  const copy = structuredClone(doc);
  const console = CONSOLE_APIS.has(api.name);
  copy.info.description = `[← All APIs and guides](index.html)\n\n${console ? `${TRY_IT_NOTE}\n\n` : ''}${copy.info.description ?? ''}`;
  for (const entry of listOperations(copy)) {
    const examples = requestExamples(copy, entry);
    entry.operation['x-codeSamples'] = [
      ...(api.client
        ? [
            {
              lang: 'TypeScript',
              label: 'TypeScript client',
              source: typescriptSample(copy, entry, api.client, examples),
            },
          ]
        : []),
      { lang: 'Shell', label: 'curl', source: curlSamples(copy, entry, api, examples) },
    ];
    if (console) {
      const link = `[Try it in the sandbox](../console/#${api.name}/${entry.operation.operationId})`;
      entry.operation.description = `${link}\n\n${entry.operation.description ?? ''}`;
    }
  }
  return copy;
}

/** The APIs the sandbox's console sends (packages/sandbox/page/console/catalogue.mjs): their operations link to it. */
export const CONSOLE_APIS = new Set(['push-v1', 'dmp']);

const TRY_IT_NOTE =
  '**Try it.** Each operation links to the console of a running sandbox, which sends its examples (or your edit of ' +
  'them) for an app of the sandbox and shows the answer and what the target devices received. The links work when ' +
  'this reference is opened from the sandbox: start one (`npx -y pnpm@10.34.9 run sandbox`) and open ' +
  '<http://127.0.0.1:4020/docs/>.';
