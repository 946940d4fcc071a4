// Generates the `x-codeSamples` of every operation (a TypeScript client call and a curl command)
// from the operation's first request example and its parameter examples, so the samples change
// whenever the document's examples change and cannot drift from them.
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

function credentialVariable(config, name, scheme) {
  if (config.credentialVariables?.[name]) return config.credentialVariables[name];
  if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)) return 'ACCESS_TOKEN';
  return name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

function securityHeaders(doc, entry, config) {
  const headers = [];
  for (const { name, scheme } of securityOf(doc, entry)) {
    if (!scheme) throw new Error(`${label(entry)}: unknown security scheme ${name}`);
    const variable = credentialVariable(config, name, scheme);
    if (scheme.type === 'apiKey' && scheme.in === 'header') headers.push(`"${scheme.name}: \${${variable}}"`);
    else if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)) headers.push(`"Authorization: Bearer \${${variable}}"`);
    else throw new Error(`${label(entry)}: security scheme ${name} (${scheme.type}) has no curl form`);
  }
  return headers;
}

export function curlSample(doc, entry, config) {
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
  for (const header of securityHeaders(doc, entry, config)) lines.push(`-H ${header}`);
  for (const [name, value] of Object.entries(examples.header)) lines.push(`-H ${singleQuoted(`${name}: ${value}`)}`);
  if (body) {
    lines.push(`-H ${singleQuoted(`Content-Type: ${body.mediaType}`)}`);
    lines.push(`--data ${singleQuoted(JSON.stringify(body.value, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

// ---- TypeScript client --------------------------------------------------------------------------

export function typescriptSample(doc, entry, config) {
  const examples = parameterExamples(doc, entry);
  const body = requestExample(doc, entry);

  const params = {};
  if (Object.keys(examples.path).length) params.path = examples.path;
  if (Object.keys(examples.query).length) params.query = examples.query;
  if (Object.keys(examples.header).length) params.header = examples.header;
  const init = {};
  if (Object.keys(params).length) init.params = params;
  if (body) init.body = body.value;

  const method = entry.method.toUpperCase();
  const args = Object.keys(init).length ? `'${entry.path}', ${tsLiteral(init)}` : `'${entry.path}'`;
  const note = config.notes?.[entry.operation.operationId];
  // The clients resolve with the answer's JSON and throw a typed error on failure (see their READMEs).
  return [
    `import { ${config.factory} } from '${config.clientPackage}';`,
    '',
    `const ${config.clientName} = ${config.factory}({`,
    ...config.factoryOptions.map((line) => `  ${line}`),
    '});',
    '',
    ...(note ? [`// ${note}`] : []),
    ...(config.throughApi?.includes(entry.operation.operationId)
      ? [`const { data } = await ${config.clientName}.api.${method}(${args});`, 'console.log(data);']
      : [`const answer = await ${config.clientName}.${method}(${args});`, 'console.log(answer);']),
  ].join('\n');
}

// ---- the docs copy of a document --------------------------------------------------------------

/**
 * The docs copy of a document: a deep copy with `x-codeSamples` on every operation and a link back
 * to the site's index at the top of the description. The input is not modified.
 */
export function withCodeSamples(doc, config) {
  const copy = structuredClone(doc);
  copy.info.description = `[← All APIs and guides](index.html)\n\n${copy.info.description ?? ''}`;
  for (const entry of listOperations(copy)) {
    entry.operation['x-codeSamples'] = [
      { lang: 'TypeScript', label: 'TypeScript client', source: typescriptSample(copy, entry, config) },
      { lang: 'Shell', label: 'curl', source: curlSample(copy, entry, config) },
    ];
  }
  return copy;
}
