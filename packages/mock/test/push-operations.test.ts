// Every push v1 operation, called once through the generated client configured as for production
// (only the base URL points at the mock): the request reaches {mock}/v1/{appid}/<operation>, and the
// answer is the documented example, valid against the documented response schema.
import { createPushClient, HttpError } from '@pushapi/push-v1-client';
import { describe, expect, inject, it } from 'vitest';
import { locate, operations, responseErrors } from './support/documents.js';
import { recordingFetch } from './support/recorder.js';
import { documentedExamples, exampleRequest } from './support/requests.js';

const pushOperations = operations('push-v1');
const baseUrl = inject('baseUrls')['push-v1']!;
const wire = recordingFetch();
const client = createPushClient({
  baseUrl,
  appId: 'YOUR_APP_ID',
  appKey: 'YOUR_APP_KEY',
  masterSecret: 'YOUR_MASTER_SECRET',
  fetch: wire.fetch,
  retry: false,
});
// The client's calls (same sign-in and transport as an application's), with paths read from the document.
type AnyCall = (path: string, init: object) => Promise<unknown>;
const call = (method: string) => (client as unknown as Record<string, AnyCall>)[method.toUpperCase()]!;

describe('push v1 through the client', () => {
  it('the document has the 28 operations of the description', () => {
    expect(pushOperations).toHaveLength(28);
  });

  it('the response check rejects an answer that breaks the schema', () => {
    expect(responseErrors('push-v1', '/auth_sign', 'post', 200, 'application/json', { result: 7 })).not.toEqual([]);
  });

  it.each(pushOperations.map((o) => [`${o.method.toUpperCase()} ${o.path} (${o.operation.operationId})`, o] as const))(
    '%s',
    async (_name, { method, path }) => {
      const request = exampleRequest('push-v1', path, method);
      const init: Record<string, unknown> = {};
      if (Object.keys(request.path).length) init.params = { path: request.path };
      if (request.body !== undefined) init.body = request.body;

      const data = await call(method)(path, init);

      const answer = wire.last();
      const concretePath = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(request.path[name]!));
      expect(`${answer.method} ${answer.url}`).toBe(`${method.toUpperCase()} ${baseUrl}/v1/YOUR_APP_ID${concretePath}`);
      if (path !== '/auth_sign') expect(answer.requestHeaders.get('authtoken')).toBeTruthy();
      expect(answer.status).toBe(200);
      expect(responseErrors('push-v1', path, method, 200, answer.mediaType, answer.body)).toEqual([]);
      // Static mode answers the documented example, and Prism found nothing wrong with the exchange.
      const media = locate('push-v1', ['paths', path, method, 'responses', '200', 'content', answer.mediaType]);
      expect(documentedExamples('push-v1', media?.value)).toContainEqual(answer.body);
      expect(answer.headers.get('sl-violations')).toBeNull();
      expect(data).toEqual(answer.body);
    },
  );
});

describe('push v1 through the typed calls, as an application writes them', () => {
  it('pushSingle with a typed literal body and no requestid (the client fills it in)', async () => {
    const answer = await client.POST('/push_single', {
      body: {
        message: { appkey: 'YOUR_APP_KEY', is_offline: false, msgtype: 'transmission' },
        transmission: { transmission_content: 'hello' },
        cid: 'CID_EXAMPLE_0001',
      },
    });
    expect(answer.result).toBe('ok');
    const sent = wire.last();
    expect(sent.url).toBe(`${baseUrl}/v1/YOUR_APP_ID/push_single`);
    expect(sent.status).toBe(200);
    expect(responseErrors('push-v1', '/push_single', 'post', 200, sent.mediaType, sent.body)).toEqual([]);
  });

  it('query_cid with a typed path parameter', async () => {
    const answer = await client.GET('/query_cid/{alias}', { params: { path: { alias: 'alias-example-1' } } });
    expect(answer.result).toBe('ok');
    expect(wire.last().url).toBe(`${baseUrl}/v1/YOUR_APP_ID/query_cid/alias-example-1`);
  });
});

describe('push v1 invalid requests, as the client reports them', () => {
  it('a body the document refuses gets HttpError 422 with the violations of the problem+json answer', async () => {
    const error = await call('post')('/push_single', {
      body: { message: { msgtype: 'notification' }, notification: { style: { type: 0 } }, cid: 'CID_EXAMPLE_0001' },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    const { status, violations, message } = error as HttpError;
    expect(status).toBe(422);
    expect(wire.last().mediaType).toBe('application/problem+json');
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.location[0] === 'body' && v.message !== '')).toBe(true);
    const [first] = violations;
    expect(message).toContain(
      `HTTP 422, ${violations.length === 1 ? '1 violation' : `${violations.length} violations, the first`}: ${first!.location.join('.')}: ${first!.message}`,
    );
  });
});
