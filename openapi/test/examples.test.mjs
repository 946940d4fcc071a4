// Every example in the documents validates against the schema it illustrates.
import { describe, expect, it } from 'vitest';
import { apis } from '../lib/apis.mjs';
import { createValidator, deref, operations } from './documents.mjs';

function* mediaExamples(doc) {
  for (const op of operations(doc)) {
    const bodies = [['requestBody', deref(doc, op.operation.requestBody)]];
    for (const [status, response] of Object.entries(op.operation.responses))
      bodies.push([`responses/${status}`, deref(doc, response)]);
    for (const [where, body] of bodies) {
      for (const [type, media] of Object.entries(body?.content ?? {})) {
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          const ref =
            where === 'requestBody' ? op.operation.requestBody.$ref : op.operation.responses[where.split('/')[1]].$ref;
          const base = ref ? `#/components/${ref.split('/').slice(2).join('/')}` : `${op.pointer}/${where}`;
          const pointer = `${base}/content/${type.replaceAll('/', '~1')}/schema`;
          yield [`${op.operationId} ${where} ${type} ${name}`, pointer, deref(doc, example).value];
        }
      }
    }
  }
}

function* schemaExamples(node, pointer) {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) yield* schemaExamples(child, `${pointer}/${i}`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node.examples) && (node.type || node.$ref || node.pattern)) {
    for (const [i, value] of node.examples.entries()) yield [`${pointer} examples[${i}]`, pointer, value];
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'examples' || key === 'example') continue;
    yield* schemaExamples(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  }
}

describe.each(apis.map((a) => a.name))('%s examples', (api) => {
  const validator = createValidator(api);
  const media = [...mediaExamples(validator.doc)];
  const inSchemas = [...schemaExamples(validator.doc.components.schemas, '#/components/schemas')];
  const inParameters = Object.entries(validator.doc.components.parameters ?? {}).map(([name, p]) => [
    `parameter ${name}`,
    `#/components/parameters/${name}/schema`,
    p.in === 'query' || p.in === 'path' ? p.example : undefined,
  ]);

  it('has request and response examples', () => {
    expect(media.some(([name]) => name.includes('requestBody'))).toBe(true);
    expect(media.some(([name]) => name.includes('responses/200'))).toBe(true);
  });

  it.each(media)('media example %s validates', (_, pointer, value) => {
    expect(validator.validateAt(pointer, value)).toEqual([]);
  });

  it.each(inSchemas)('schema example %s validates', (_, pointer, value) => {
    expect(validator.validateAt(pointer, value)).toEqual([]);
  });

  it.each(inParameters)('%s example validates', (_, pointer, value) => {
    expect(value).toBeDefined();
    // Query parameters arrive as text; integers are compared as the server reads them.
    const schema = validator.validateAt(pointer, value);
    expect(schema).toEqual([]);
  });
});
