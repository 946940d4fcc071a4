// The console's catalogue of operations, written by the page build from the public documents the sandbox serves
// (@pushapi/openapi): for push v1 and DMP, every operation with its parameters and the named examples of its request
// body, as the documents give them. Nothing here is written by hand; the schemas stay in the sandbox, which checks
// each request (POST /control/check) as it checks a request it receives.
import { loadDocument } from '@pushapi/openapi/apis';
import { deref, exampleOf, listOperations } from '@pushapi/openapi/walk';

/** The interfaces the console sends to, where the sandbox mounts each (src/shared/config.ts MOUNTS). */
export const CONSOLE_APIS = [
  { name: 'push-v1', title: 'Push v1', mount: '/v1/{appid}' },
  { name: 'dmp', title: 'DMP', mount: '/dmp' },
];

const text = (value) => (typeof value === 'string' ? value : undefined);

function bodyExamples(doc, operation) {
  if (!operation.requestBody) return undefined;
  const body = deref(doc, operation.requestBody);
  const [mediaType, media] = Object.entries(body.content ?? {}).find(([type]) => /json/.test(type)) ?? [];
  if (!media) return undefined;
  const named = Object.entries(media.examples ?? {}).map(([name, raw]) => {
    const example = deref(doc, raw);
    return { name, summary: text(example.summary) ?? name, value: example.value };
  });
  if (named.length === 0 && media.example !== undefined)
    named.push({ name: 'example', summary: 'Example', value: media.example });
  return { mediaType, required: body.required === true, examples: named };
}

export function catalogue() {
  return CONSOLE_APIS.map((api) => {
    const doc = loadDocument(api.name);
    const operations = listOperations(doc).map((entry) => {
      const { operation } = entry;
      const security = operation.security ?? doc.security ?? [];
      const secured = security.length > 0 && !security.some((r) => Object.keys(r).length === 0);
      const responses = Object.values(operation.responses ?? {}).flatMap((r) =>
        Object.keys(deref(doc, r).content ?? {}),
      );
      return {
        operationId: entry.operationId,
        method: entry.method.toUpperCase(),
        path: entry.path,
        summary: text(operation.summary) ?? entry.operationId,
        tag: operation.tags?.[0] ?? '',
        secured,
        accept: responses.find((type) => type.includes('/vnd.')),
        parameters: entry.parameters
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => {
            const example = exampleOf(doc, p);
            const type = p.schema ? deref(doc, p.schema).type : undefined;
            return {
              name: p.name,
              in: p.in,
              required: p.required === true,
              description: text(p.description) ?? '',
              type: type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string',
              ...(example.found ? { example: String(example.value) } : {}),
            };
          }),
        body: bodyExamples(doc, operation),
      };
    });
    return { ...api, operations };
  });
}
