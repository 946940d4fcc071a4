// Loads the bundled documents and validates requests against them with a JSON Schema 2020-12
// validator (Ajv), the dialect of OpenAPI 3.1.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { apiNamed } from '../lib/apis.mjs';
import { deref, listOperations } from '../lib/walk.mjs';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;
const require = createRequire(import.meta.url);
export { methods } from '../lib/walk.mjs';
export { deref };

export function loadDocument(api) {
  return JSON.parse(fs.readFileSync(apiNamed(api).json, 'utf8'));
}

/** Every operation of a document: { method, path, operationId, operation, pointer, parameters } (the shared walker's). */
export function operations(doc) {
  return listOperations(doc);
}

/** A validator of one document: compiles schemas by JSON pointer into the document. */
export function createValidator(api) {
  const doc = loadDocument(api);
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false });
  addFormats(ajv);
  for (const f of ['int32', 'int64']) if (!ajv.formats[f]) ajv.addFormat(f, true);
  ajv.addSchema(doc, api);
  // Parameters arrive as text; a second instance coerces them as a server does.
  const coercing = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  addFormats(coercing);
  for (const f of ['int32', 'int64']) if (!coercing.formats[f]) coercing.addFormat(f, true);
  coercing.addSchema(doc, api);

  const byId = new Map(operations(doc).map((op) => [op.operationId, op]));
  const compile = (instance, pointer) => {
    const validate = instance.getSchema(`${api}${pointer}`);
    if (!validate) throw new Error(`no schema at ${api}${pointer}`);
    return validate;
  };
  const check = (validate, value) =>
    validate(value) ? [] : validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);

  return {
    doc,
    operation: (id) => byId.get(id),
    /** Errors of a schema at `pointer` for `value` ([] when valid). */
    validateAt: (pointer, value) => check(compile(ajv, pointer), value),
    /** Errors of a request ({ body, params, query }) for the operation ([] when valid). */
    validateRequest(operationId, { body, params = {}, query = {} }) {
      const op = byId.get(operationId);
      if (!op) throw new Error(`unknown operation ${operationId}`);
      const errors = [];
      if (op.operation.requestBody) {
        const pointer = `${op.pointer}/requestBody/content/application~1json/schema`;
        errors.push(...check(compile(ajv, pointer), body).map((e) => `body${e}`));
      }
      for (const p of op.parameters) {
        const values = p.in === 'path' ? params : p.in === 'query' ? query : {};
        if (!(p.name in values)) {
          if (p.required && (p.in === 'path' || p.in === 'query'))
            errors.push(`${p.in} parameter ${p.name} is required`);
          continue;
        }
        const validate = coercing.compile({ $ref: `${api}#/components/parameters/${paramKey(doc, p)}/schema` });
        errors.push(...check(validate, String(values[p.name])).map((e) => `${p.in} ${p.name}${e}`));
      }
      return errors;
    },
  };
}

function paramKey(doc, param) {
  const entry = Object.entries(doc.components.parameters).find(([, p]) => p === param);
  if (!entry) throw new Error(`parameter ${param.name} is not a component`);
  return entry[0];
}

export const fixturesModule = require.resolve('../fixtures/index.mjs');
