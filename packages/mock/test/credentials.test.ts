// A request without credentials gets 401 on every operation that declares security, and is
// served on the ones that declare none (auth_sign, /accesser/auth).
import { describe, expect, it } from 'vitest';
import { apiNames, documents, operations, type ApiName } from './support/documents.js';
import { exampleRequest } from './support/requests.js';
import { credentials, mockUrl, send } from './support/raw.js';

const needsCredentials = (api: ApiName, operation: any) =>
  (operation.security ?? documents[api].security ?? []).length > 0;

for (const api of apiNames) {
  const all = operations(api);
  describe(`${api} without credentials`, () => {
    it.each(all.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
      '%s',
      async (_name, { method, path, operation }) => {
        const request = exampleRequest(api, path, method);
        const url = mockUrl(api, path, request.path, request.query);
        const bare = await send(method, url, { body: request.body });
        if (needsCredentials(api, operation)) {
          expect(bare.status).toBe(401);
          // The same request with the credential is served: the 401 is about the credential only.
          const withCredential = await send(method, url, { body: request.body, headers: credentials(api) });
          expect(withCredential.status).toBe(200);
        } else {
          expect(bare.status).toBe(200);
        }
      },
    );
  });
}
