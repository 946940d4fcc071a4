// Generates the `x-codeSamples` of every operation (a TypeScript client call and a curl command)
// from the operation's first request example and its parameter examples, so the samples change
// whenever the document's examples change and cannot drift from them. What the samples need beyond the
// document comes from the API's registry entry (redocly.yaml): `client` (x-client) for the TypeScript sample,
// which an API without a client does not get, and `curlCredentials` (x-curl-credentials) for curl.
import { listOperations, requestExample, parameterExamples, securityOf, responseMediaTypes, label } from './document.mjs';
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
    else if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)) headers.push(`"Authorization: Bearer \${${variable}}"`);
    else throw new Error(`${label(entry)}: security scheme ${name} (${scheme.type}) has no curl form`);
  }
  return headers;
}

export function curlSample(doc, entry, api) {
  const examples = parameterExamples(doc, entry);
  const body = requestExample(doc, entry);
  const base = serverUrlForShell(doc);
  const rest = requestPath(entry, examples);
  const url = shellSafe.test(rest) ? `"${base}${rest}"` : `"${base}"${singleQuoted(rest)}`;

  // Query parameters go one per line with --get --data-urlencode: readable, and curl encodes them.
  const query = Object.entries(examples.query);
  if (query.length && entry.method !== 'get') throw new Error(`${label(entry)}: query parameters are only supported on GET`);
  const lines = [
    entry.method === 'get' ? `curl${query.length ? ' --get' : ''} ${url}` : `curl -X ${entry.method.toUpperCase()} ${url}`,
    ...query.map(([name, value]) => `--data-urlencode ${singleQuoted(`${name}=${value}`)}`),
  ];
  // A vendor media type among the responses is the versioned one the service asks callers to name.
  const vendor = responseMediaTypes(doc, entry).find((type) => type.includes('/vnd.'));
  if (vendor) lines.push(`-H ${singleQuoted(`Accept: ${vendor}`)}`);
  for (const header of securityHeaders(doc, entry, api)) lines.push(`-H ${header}`);
  for (const [name, value] of Object.entries(examples.header)) lines.push(`-H ${singleQuoted(`${name}: ${value}`)}`);
  if (body) {
    lines.push(`-H ${singleQuoted(`Content-Type: ${body.mediaType}`)}`);
    lines.push(`--data ${singleQuoted(JSON.stringify(body.value, null, 2))}`);
  }
  return lines.join(' \\\n  ');
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

export function typescriptSample(doc, entry, client) {
  const examples = parameterExamples(doc, entry);
  const body = requestExample(doc, entry);

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
      (field) => `${field} is left out: the client fills in a new one for each call and sends that same one on retries.`,
    ),
  ];
  // The clients resolve with the answer's JSON and throw a typed error on failure (see their READMEs).
  return [
    `import { ${client.factory} } from '${client.package}';`,
    '',
    `const ${client.variable} = ${client.factory}({`,
    ...client.options.map((line) => `  ${line}`),
    '});',
    '',
    ...notes.flatMap((note) => note.split('\n').map((line) => `// ${line}`)),
    `const answer = await ${client.variable}.${method}(${args});`,
    'console.log(answer);',
  ].join('\n');
}

// ---- the docs copy of a document --------------------------------------------------------------

/**
 * The docs copy of a document: a deep copy with `x-codeSamples` on every operation (`api` is its registry
 * entry) and a link back
 * to the site's index at the top of the description. The input is not modified.
 */
export function withCodeSamples(doc, api) {
  const copy = structuredClone(doc);
  copy.info.description = `[← All APIs and guides](index.html)\n\n${copy.info.description ?? ''}`;
  for (const entry of listOperations(copy)) {
    entry.operation['x-codeSamples'] = [
      ...(api.client ? [{ lang: 'TypeScript', label: 'TypeScript client', source: typescriptSample(copy, entry, api.client) }] : []),
      { lang: 'Shell', label: 'curl', source: curlSample(copy, entry, api) },
    ];
  }
  return copy;
}
