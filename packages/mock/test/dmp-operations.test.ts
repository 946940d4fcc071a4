// Every DMP operation, called once through the generated client configured as for production (only
// the base URL points at the mock), answers its documented example, valid against its schema; and the
// documented 400/401/403 answers are reachable and reach the caller as typed errors.
import { createDmpClient, DmpApiError, DMP_ACCEPT, type paths } from '@pushapi/dmp-client';
import { describe, expect, expectTypeOf, inject, it } from 'vitest';
import { locate, operations, responseErrors } from './support/documents.js';
import { recordingFetch } from './support/recorder.js';
import { documentedExamples, exampleRequest } from './support/requests.js';

const dmpOperations = operations('dmp');
const baseUrl = inject('baseUrls').dmp!;
const wire = recordingFetch();
const client = createDmpClient({
  baseUrl,
  userCode: 'YOUR_USER_CODE',
  authCode: 'YOUR_AUTH_CODE',
  fetch: wire.fetch,
  retry: false,
});
// The client's calls, with paths read from the document.
type AnyCall = (path: string, init: object) => Promise<unknown>;
const call = (method: string) => (client as unknown as Record<string, AnyCall>)[method.toUpperCase()]!;

describe('DMP through the client', () => {
  it('the document has the 3 operations of the description', () => {
    expect(dmpOperations).toHaveLength(3);
  });

  it.each(dmpOperations.map((o) => [`${o.method.toUpperCase()} ${o.path} (${o.operation.operationId})`, o] as const))(
    '%s',
    async (_name, { method, path }) => {
      const request = exampleRequest('dmp', path, method);
      const init: Record<string, unknown> = {};
      if (Object.keys(request.query).length) init.params = { query: request.query };
      if (request.body !== undefined) init.body = request.body;

      const data = await call(method)(path, init);

      const answer = wire.last();
      expect(`${answer.method} ${new URL(answer.url).origin}${new URL(answer.url).pathname}`).toBe(
        `${method.toUpperCase()} ${baseUrl}${path}`,
      );
      if (path !== '/accesser/auth') expect(answer.requestHeaders.get('authorization')).toMatch(/^Bearer \S+/);
      expect(answer.status).toBe(200);
      // The client asks for the versioned media type; the mock answers it.
      expect(answer.mediaType).toBe(DMP_ACCEPT);
      expect(responseErrors('dmp', path, method, 200, answer.mediaType, answer.body)).toEqual([]);
      const media = locate('dmp', ['paths', path, method, 'responses', '200', 'content', answer.mediaType]);
      expect(documentedExamples('dmp', media?.value)).toContainEqual(answer.body);
      expect(answer.headers.get('sl-violations')).toBeNull();
      expect(data).toEqual(answer.body);
    },
  );
});

describe('DMP error answers', () => {
  const withToken = dmpOperations.filter((o) => o.path !== '/accesser/auth');

  it('are typed in the client: the generated paths declare 400, 401 and 403, and DmpApiError carries the status', () => {
    // Checked by tsc (the package's test script type-checks this file before vitest runs).
    expectTypeOf<keyof paths['/tags/user']['post']['responses']>().toEqualTypeOf<200 | 400 | 401 | 403>();
    expectTypeOf<keyof paths['/config/tags']['get']['responses']>().toEqualTypeOf<200 | 400 | 401 | 403>();
    expectTypeOf<DmpApiError['status']>().toEqualTypeOf<number>();
    expectTypeOf<DmpApiError['code']>().toEqualTypeOf<string | undefined>();
    expect(withToken).toHaveLength(2);
  });

  const cases = withToken.flatMap((o) =>
    [400, 401, 403].map((status) => [`${o.method.toUpperCase()} ${o.path} ${status}`, o, status] as const),
  );
  it.each(cases)(
    '%s is reachable (Prefer: code) and thrown as DmpApiError',
    async (_name, { method, path }, status) => {
      const request = exampleRequest('dmp', path, method);
      const init: Record<string, unknown> = { headers: { prefer: `code=${status}` } };
      if (request.body !== undefined) init.body = request.body;

      const error = await call(method)(path, init).then(
        () => undefined,
        (e: unknown) => e,
      );

      expect(error).toBeInstanceOf(DmpApiError);
      expect((error as DmpApiError).status).toBe(status);
      const answer = wire.last();
      expect(answer.status).toBe(status);
      expect(responseErrors('dmp', path, method, status, answer.mediaType, answer.body)).toEqual([]);
    },
  );
});

describe('DMP through the typed calls, as an application writes them', () => {
  it('getUserTags and listTags', async () => {
    const tags = await client.POST('/tags/user', { body: { imeiMD5: '0123456789abcdef0123456789abcdef' } });
    expect(tags.code).toBe('0');
    expect(responseErrors('dmp', '/tags/user', 'post', 200, wire.last().mediaType, wire.last().body)).toEqual([]);
    const list = await client.GET('/config/tags');
    expect(list.code).toBe('0');
    expect(responseErrors('dmp', '/config/tags', 'get', 200, wire.last().mediaType, wire.last().body)).toEqual([]);
  });
});

describe('DMP invalid requests, as the client reports them', () => {
  it('a body the document refuses gets DmpApiError 400 with the violations of the sl-violations header', async () => {
    const error = await call('post')('/tags/user', { body: { imeiMD5: 123 } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DmpApiError);
    const { status, violations, message } = error as DmpApiError;
    expect(status).toBe(400);
    expect(wire.last().headers.get('sl-violations')).not.toBeNull();
    // Prism's header locates from the request: ['request', 'body', 'imeiMD5'].
    expect(violations).toEqual([
      expect.objectContaining({
        location: ['request', 'body', 'imeiMD5'],
        message: expect.stringMatching(/must be string/),
      }),
    ]);
    expect(message).toBe(`POST /tags/user: HTTP 400, 1 violation: request.body.imeiMD5: ${violations[0]!.message}`);
  });
});
