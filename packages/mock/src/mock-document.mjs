// @ts-check
// Derives the document Prism serves from a public bundle (openapi/dist/<api>.json).
// The public document is never changed: every function here works on a deep copy.
import { serverBasePath } from '@pushapi/openapi/walk';

/** Dialect Prism must see to validate with its JSON Schema 2020-12 validator (see toMockDocument). */
export const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Builds the mock document. Each change is one of:
 * 1. Paths get the server's base path in front (`/push_single` -> `/v1/{appid}/push_single`), because
 *    Prism 5.14 ignores `servers` and serves paths at its root, while a production-configured client
 *    only swaps the origin. Variables of that base path become required path parameters, so Prism
 *    routes and validates them like any other path segment.
 * 2. `servers` becomes the mock root, so no tool applies the base path a second time.
 * 3. `jsonSchemaDialect` is set to 2020-12: without it Prism's http-spec converts every schema to
 *    draft-07 and validates with a draft-07 Ajv, which ignores `unevaluatedProperties`,
 *    `dependentRequired`, `prefixItems` and other 2020-12 keywords (none used today, but any document may). With it, the
 *    schemas are passed through untouched and validated by Ajv's 2020-12 build (probed with Prism 5.14).
 * @param {any} publicDoc the public bundle (not modified)
 * @returns {{ document: any, basePath: string }}
 */
export function toMockDocument(publicDoc) {
  const doc = structuredClone(publicDoc);
  const server = Array.isArray(doc.servers) ? doc.servers[0] : undefined;
  const basePath = server?.url ? serverBasePath(server.url) : '';
  const variables = server?.variables ?? {};
  const baseParams = [...basePath.matchAll(/\{([^}]+)\}/g)].map((match) => {
    const name = /** @type {string} */ (match[1]);
    const variable = variables[name] ?? {};
    /** @type {{ type: string, enum?: string[] }} */
    const schema = { type: 'string' };
    if (Array.isArray(variable.enum)) schema.enum = variable.enum;
    return {
      name,
      in: 'path',
      required: true,
      description: variable.description ?? `Server variable \`${name}\` of the base path.`,
      schema,
      ...(variable.default !== undefined ? { example: variable.default } : {}),
    };
  });

  /** @type {Record<string, any>} */
  const paths = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const own = Array.isArray(item.parameters) ? item.parameters : [];
    paths[basePath + path] = baseParams.length ? { ...item, parameters: [...baseParams, ...own] } : item;
  }
  doc.paths = paths;
  doc.servers = [{ url: '/', description: 'Prism mock (base path already in the paths)' }];
  doc.jsonSchemaDialect = DIALECT_2020_12;
  return { document: doc, basePath };
}
