// The operations a 404 names for an unknown path: segment by segment, a template's parameters matching any
// segment, so a guessed sub-path names the operation it extends, and the asked method comes first.
import { describe, expect, it } from 'vitest';
import { listOperations, loadDocuments } from '../../src/start/documents.js';
import { Router } from '../../src/http/router.js';

const documents = loadDocuments();
const router = new Router(documents, listOperations(documents));
const suggested = (method: string, path: string) => {
  const found = router.route(method, path);
  return found.kind === 'none' ? found.suggestions : [];
};

describe('the nearest operations of an unknown path', () => {
  it('a guessed sub-path of the clock suggests the clock, POST first', () => {
    expect(suggested('POST', '/control/apps/app-1/clock/advance')).toEqual([
      'POST /control/apps/{appid}/clock',
      'GET /control/apps/{appid}/clock',
    ]);
  });

  it('a typo names the operation meant, in each interface', () => {
    expect(suggested('POST', '/v1/app-1/push_singel')[0]).toBe('POST /v1/{appid}/push_single');
    expect(suggested('POST', '/control/apps/app-1/devices/phone-1/inbx')[0]).toBe(
      'GET /control/apps/{appid}/devices/{cid}/inbox',
    );
    expect(suggested('GET', '/control/app')).toEqual(['GET /control/apps', 'POST /control/apps']);
  });
});
