// Markdown fragments generated from the documents for the guides (lists of operations, known
// result values, statuses), so the guides say what the documents say.
import { deref, listOperations } from './document.mjs';

/** The Redoc 3 deep link of an operation: `#/<tag slug>/<operationId in lower case>`. */
export function operationAnchor(entry) {
  const tag = entry.operation.tags?.[0] ?? 'other';
  const slug = tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `#/${slug}/${entry.operation.operationId.toLowerCase()}`;
}

function operationLink(apiName, entry) {
  return `[${entry.operation.summary ?? entry.operation.operationId}](${apiName}.html${operationAnchor(entry)})`;
}

const code = (text) => `\`${text}\``;

/** Fragments of one document, keyed by the name a guide uses in `{{...}}`. */
export function documentFacts(apiName, doc) {
  const ops = listOperations(doc);
  const prefix = apiName;
  const facts = {
    [`${prefix}.operationCount`]: String(ops.length),
    [`${prefix}.title`]: doc.info.title,
    [`${prefix}.version`]: doc.info.version,
    [`${prefix}.operationTable`]: [
      '| Operation | Method and path | Tag |',
      '|---|---|---|',
      ...ops.map(
        (e) =>
          `| ${operationLink(apiName, e)} | ${code(`${e.method.toUpperCase()} ${e.path}`)} | ${e.operation.tags?.join(', ') ?? ''} |`,
      ),
    ].join('\n'),
  };
  // `{{push-v1.link.pushSingle}}`: the page and deep link of an operation, for links in the guides.
  for (const e of ops) facts[`${prefix}.link.${e.operation.operationId}`] = `${apiName}.html${operationAnchor(e)}`;
  const rateControlled = ops.filter((e) => e.operation['x-rate-controlled'] === true);
  facts[`${prefix}.rateControlledList`] = rateControlled.length
    ? rateControlled
        .map((e) => `- ${operationLink(apiName, e)}: ${code(`${e.method.toUpperCase()} ${e.path}`)}`)
        .join('\n')
    : '- (none)';
  const deprecated = ops.filter((e) => e.operation.deprecated === true);
  facts[`${prefix}.deprecatedCount`] = String(deprecated.length);

  const result = doc.components?.schemas?.Result ? deref(doc, doc.components.schemas.Result) : undefined;
  if (result) {
    const known = result['x-known-values'] ?? [];
    facts[`${prefix}.knownResultValues`] = known.map(code).join(', ');
    facts[`${prefix}.knownResultCount`] = String(known.length);
    // The meanings of the known values, written once in the document (Result's x-value-meanings).
    const meanings = result['x-value-meanings'] ?? {};
    facts[`${prefix}.resultMeanings`] = [
      '| `result` | Meaning |',
      '|---|---|',
      ...known.map((v) => `| ${code(v)} | ${meanings[v] ?? ''} |`),
    ].join('\n');
  }

  // Response statuses per operation (the DMP service uses HTTP statuses, push v1 always 200).
  facts[`${prefix}.statusTable`] = [
    '| Operation | Statuses |',
    '|---|---|',
    ...ops.map(
      (e) =>
        `| ${operationLink(apiName, e)} | ${Object.keys(e.operation.responses ?? {})
          .map(code)
          .join(', ')} |`,
    ),
  ].join('\n');
  return facts;
}
