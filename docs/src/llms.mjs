// The reference as text for coding agents (the llms.txt convention): llms.txt (the APIs, their base URLs and
// authentication, one line and link per operation, the guides), one Markdown page per operation (summary, rules,
// request and answer fields, one example of each, the curl sample), and llms-full.txt with all of them. Everything
// is read from the bundled documents; the curl sample is the one the reference shows (code-samples.mjs).
import { curlSample } from './code-samples.mjs';
import { exampleOf } from '@pushapi/openapi/walk';
import { deref, listOperations, requestExample, securityOf } from './document.mjs';
import { operationAnchor } from './facts.mjs';

const MAX_DEPTH = 6;

/** `string`, `integer`, `"notification"` (a const), `object`, `array of string`, as a field's type reads. */
function typeText(doc, schema) {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeText(doc, deref(doc, schema.items)) : 'any'}`;
  if (schema.type)
    return schema.enum ? `${schema.type}, one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}` : schema.type;
  if (schema.oneOf || schema.anyOf) return 'one of several shapes';
  return schema.properties ? 'object' : 'any';
}

const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A description under a list item: its first paragraph on the item's line, and the rest (a table of values, more
 * paragraphs) kept as written, indented under the item, so that a table reads as a table and not as one line.
 */
function descriptionText(text) {
  const [first = '', ...rest] = String(text ?? '')
    .trim()
    .split(/\n\s*\n/);
  const tail = rest
    .join('\n\n')
    .split('\n')
    .map((line) => (line.trim() ? `  ${line.trimEnd()}` : ''));
  return rest.length === 0 ? oneLine(first) : `${oneLine(first)}\n\n${tail.join('\n')}\n`;
}

/** The name a `oneOf`/`anyOf` shape is known by: its title, else its place among the shapes. */
const shapeName = (part, index) => (part.title ? `\`${part.title}\`` : `${index + 1}`);

/** `required`, or for a field of one shape of several `required in shape \`taskIdList\` of 2`. */
const requiredText = (required, shape) =>
  !required ? '' : shape ? `, required in shape ${shape.name} of ${shape.of}` : ', required';

/**
 * The fields of a schema as Markdown list lines (`- \`message.msgtype\` (string, required): ...`), through
 * allOf, oneOf and anyOf (each variant's fields listed, a field required by one shape said to be so; a line met
 * twice is written once) and into items (`list[].field`).
 */
export function fieldLines(doc, node, prefix = '', depth = 0, lines = new Set(), shape = undefined) {
  const schema = deref(doc, node ?? {});
  if (depth > MAX_DEPTH || !schema || typeof schema !== 'object') return [...lines];
  for (const part of schema.allOf ?? []) fieldLines(doc, part, prefix, depth + 1, lines, shape);
  for (const parts of [schema.oneOf ?? [], schema.anyOf ?? []]) {
    parts.forEach((part, index) =>
      fieldLines(doc, part, prefix, depth + 1, lines, { name: shapeName(deref(doc, part), index), of: parts.length }),
    );
  }
  if (schema.type === 'array' && schema.items)
    fieldLines(doc, schema.items, `${prefix.replace(/\.$/, '')}[].`, depth + 1, lines, shape);
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const field = deref(doc, raw);
    if (field === false) continue;
    const where = `${prefix}${name}`;
    lines.add(
      `- \`${where}\` (${typeText(doc, field)}${requiredText(required.has(name), shape)}): ${descriptionText(field.description)}`,
    );
    // An array's items are reached by the array step above, which adds `[].` once.
    fieldLines(doc, field, field.type === 'array' ? where : `${where}.`, depth + 1, lines);
  }
  return [...lines];
}

function credentialsText(doc, entry) {
  const schemes = securityOf(doc, entry);
  if (schemes.length === 0) return 'none (this operation signs in)';
  return schemes
    .map(({ name, scheme }) =>
      scheme.type === 'apiKey'
        ? `header \`${scheme.name}\` (${name})`
        : scheme.type === 'http'
          ? `\`Authorization: Bearer <token>\` (${name})`
          : name,
    )
    .join(' and ');
}

/** The first success answer's JSON media: its schema and first example. */
function answerOf(doc, entry) {
  const [, raw] = Object.entries(entry.operation.responses ?? {}).find(([status]) => /^2/.test(status)) ?? [];
  if (!raw) return undefined;
  const response = deref(doc, raw);
  const [, media] = Object.entries(response.content ?? {}).find(([type]) => /json/.test(type)) ?? [];
  if (!media) return undefined;
  const example = exampleOf(doc, media);
  return { schema: media.schema, example: example.found ? example.value : undefined };
}

const json = (value) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** The path of an operation's page in the site: `push-v1/pushSingle.md`. */
export const operationPage = (api, entry) => `${api.name}/${entry.operationId}.md`;

/** One operation as a Markdown page. */
export function operationMarkdown(doc, api, entry) {
  const op = entry.operation;
  const lines = [
    `# ${op.summary ?? entry.operationId}`,
    '',
    `\`${entry.method.toUpperCase()} ${entry.path}\` of ${api.title} (operationId \`${entry.operationId}\`)${op.deprecated ? '. Deprecated: push v1 is no longer maintained by its provider' : ''}.`,
    '',
    `- Base URL: \`${doc.servers?.[0]?.url ?? ''}\``,
    `- Credentials: ${credentialsText(doc, entry)}`,
    `- Reference page: [${api.title} reference](../${api.name}.html${operationAnchor(entry)})`,
    '',
    '## Rules',
    '',
    String(op.description ?? '(none written)').trim(),
  ];
  if (entry.parameters.length > 0) {
    lines.push(
      '',
      '## Parameters',
      '',
      ...entry.parameters.map(
        (p) =>
          `- \`${p.name}\` (${p.in}, ${typeText(doc, deref(doc, p.schema ?? {}))}${p.required ? ', required' : ''}): ${oneLine(p.description)}`,
      ),
    );
  }
  const request = requestExample(doc, entry);
  if (request) {
    const body = deref(doc, op.requestBody);
    lines.push(
      '',
      '## Request fields',
      '',
      ...fieldLines(doc, body.content[request.mediaType].schema),
      '',
      '## Example request',
      '',
      json(request.value),
    );
  }
  const answer = answerOf(doc, entry);
  if (answer) {
    lines.push('', '## Answer fields', '', ...fieldLines(doc, answer.schema));
    if (answer.example !== undefined) lines.push('', '## Example answer', '', json(answer.example));
  }
  lines.push('', '## curl', '', '```sh', curlSample(doc, entry, api), '```', '');
  return lines.join('\n');
}

/** The sandbox's control API as a section of llms.txt: what it is for, and one line per operation. */
function controlSection({ api, doc }) {
  const ops = listOperations(doc);
  return [
    '',
    `## ${api.title}`,
    '',
    `A test's side of the sandbox (\`@pushapi/sandbox\`), not of the real service: create apps and devices, read each device's inbox, move an app's test clock, inject faults, take snapshots. Base URL \`${doc.servers?.[0]?.url ?? ''}\` of a running sandbox; a token only when the sandbox was started with one (\`SANDBOX_CONTROL_TOKEN\`, or a team's app token). ${ops.length} operations; the full reference is [${api.name}.html](${api.name}.html). An MCP server over stdio wraps the same calls for coding agents (\`npx pushapi-sandbox-mcp\` of \`@pushapi/sandbox-mcp\`, which \`npx pushapi-sandbox mcp\` runs; guide: [agents.md](agents.md)).`,
    '',
    ...ops.map(
      (entry) =>
        `- [${entry.operationId}](${api.name}.html${operationAnchor(entry)}): \`${entry.method.toUpperCase()} ${entry.path}\`, ${entry.operation.summary ?? ''}`,
    ),
  ];
}

/**
 * Every file for agents, by its path in the site. `entries`: [{ api, doc }] of the public APIs; `guides`:
 * [{ file, title, markdown }], each written as <name>.md beside its <name>.html, so that its links resolve alike;
 * `control`: { api, doc } of the sandbox's control API, listed after the public APIs (no pages of its own).
 */
export function llmsFiles(entries, guides, control = undefined) {
  const files = new Map();
  const index = [
    '# pushapi',
    '',
    '> The push messaging service v1 (push to one device, a list, or all devices of an app; aliases, tags, statistics) and the DMP tag query service, as OpenAPI 3.1 documents with typed clients, a mock and a stateful sandbox. Push v1 is deprecated by its provider (replaced by its V2 REST interface).',
    '',
    'Each operation below links to a Markdown page: its rules, request and answer fields, one example of each and a curl sample. `llms-full.txt` holds every page in one file.',
  ];
  const full = [];
  for (const { api, doc } of entries) {
    const ops = listOperations(doc);
    const schemes = Object.entries(doc.components?.securitySchemes ?? {}).map(
      ([name, s]) => `${name}: ${oneLine(deref(doc, s).description ?? deref(doc, s).type)}`,
    );
    index.push(
      '',
      `## ${api.title}`,
      '',
      `Base URL \`${doc.servers?.[0]?.url ?? ''}\`. Authentication: ${schemes.join(' ') || 'none'} ${ops.length} operations; the full reference is [${api.name}.html](${api.name}.html).`,
      '',
    );
    for (const entry of ops) {
      const page = operationPage(api, entry);
      const markdown = operationMarkdown(doc, api, entry);
      files.set(page, markdown);
      full.push(markdown);
      index.push(
        `- [${entry.operationId}](${page}): \`${entry.method.toUpperCase()} ${entry.path}\`, ${entry.operation.summary ?? ''}`,
      );
    }
  }
  if (control) index.push(...controlSection(control));
  if (guides.length > 0) {
    index.push('', '## Guides', '');
    for (const guide of guides) {
      files.set(guide.file, guide.markdown);
      index.push(`- [${guide.title}](${guide.file})`);
    }
  }
  files.set('llms.txt', `${index.join('\n')}\n`);
  files.set('llms-full.txt', `${full.join('\n\n')}\n`);
  return files;
}
