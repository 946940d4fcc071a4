// Every push v1 operation, called once through the generated client exactly as configured for
// production (only the base URL points at the mock), answers its documented example, which also
// validates against the documented response schema.
import { createPushClient } from '@pushapi/push-v1-client';
import { describe, expect, inject, it } from 'vitest';
import { locate, operations, responseErrors } from './support/documents.js';
import { documentedExamples, exampleRequest } from './support/requests.js';

const pushOperations = operations('push-v1');
const baseUrl = inject('pushBaseUrl');
// Every URL the client sends, to check that it hits {mock}/v1/{appid}/<operation>.
const sent: string[] = [];
const client = createPushClient({
  baseUrl,
  fetch: (request: Request) => {
    sent.push(request.url);
    return globalThis.fetch(request);
  },
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'YOUR_MASTER_SECRET',
  retry: false,
});
// The raw openapi-fetch client of the push client: same sign-in and transport, plus the Response.
type RawCall = (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;
const raw = client.api as unknown as Record<string, RawCall>;

describe('push v1 through the client', () => {
  it('the document has the 28 operations of the description', () => {
    expect(pushOperations).toHaveLength(28);
  });

  it.each(pushOperations.map((o) => [`${o.method.toUpperCase()} ${o.path} (${o.operation.operationId})`, o] as const))(
    '%s',
    async (_name, { method, path }) => {
      const request = exampleRequest('push-v1', path, method);
      const init: Record<string, unknown> = {};
      if (Object.keys(request.path).length) init.params = { path: request.path };
      if (request.body !== undefined) init.body = request.body;

      const { data, response } = await raw[method.toUpperCase()]!(path, init);

      const concretePath = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(request.path[name]!));
      expect(sent.at(-1)).toBe(`${baseUrl}/v1/YOUR_APP_ID${concretePath}`);
      expect(response.status).toBe(200);
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      expect(responseErrors('push-v1', path, method, 200, mediaType, data)).toEqual([]);
      // Static mode answers the documented example, and Prism found nothing wrong with it.
      expect(documentedExamples('push-v1', locate('push-v1', ['paths', path, method, 'responses', '200', 'content', mediaType])?.value)).toContainEqual(data);
      expect(response.headers.get('sl-violations')).toBeNull();
    },
  );
});
