// DMP under /dmp: /accesser/auth (query checked, then the signs), and the bearer-token operations (token, then
// the body against the document, then permission). Statuses as the description lists them: 400, 401, 403.
import type { operations } from '@pushapi/dmp-client';
import type { SentBody } from '../behaviour/bodies.js';
import {
  accesserAuth,
  appOfParty,
  appOfToken,
  checkBearer,
  configTags,
  tagsUser,
  type SignIn,
} from '../behaviour/dmp.js';
import { json, refusalReply, type Reply } from './answer.js';
import { handlerOf, header, type Api, type Call } from './call.js';
import type { AppState } from '../state/store.js';

/** The versioned media type the service recommends; answered when the caller asks for it. */
export const DMP_MEDIA_TYPE = 'application/vnd.dmp.v1+json';

type Handlers = { [Op in keyof operations]: (c: Call<SentBody<operations[Op]>>) => object };

const HANDLERS: Handlers = {
  getAccessToken: (c) => accesserAuth(c.unit, c.app, signIn(c.search), c.now),
  getUserTags: (c) => tagsUser(tokenApp(c), c.body),
  listTags: (c) => configTags(tokenApp(c)),
};

/** The app of the bearer token admit() checked: admit refuses a call whose token names no app, so this only states it. */
function tokenApp(c: Call): AppState {
  if (!c.app) throw new Error(`DMP ${c.op.name} reached its handler without the app of a valid token`);
  return c.app;
}

/** The sign-in's parameters as sent (the document has checked that each is there). */
const signIn = (search: URLSearchParams): SignIn => ({
  user_code: search.get('user_code') ?? '',
  sign1: search.get('sign1') ?? '',
  sign2: search.get('sign2') ?? '',
  timestamp: search.get('timestamp') ?? '',
});

const inMediaType = (reply: Reply, headers: Call['headers']): Reply => ({
  ...reply,
  contentType: header(headers, 'accept')?.includes(DMP_MEDIA_TYPE) ? DMP_MEDIA_TYPE : 'application/json',
});

export const dmp: Api = {
  name: 'dmp',
  // The sign-in names the party; the other operations carry a token of its app.
  appOf: (services, op, _params, query, headers) =>
    op.secured
      ? appOfToken(services.store, header(headers, 'authorization'))
      : appOfParty(services.store, query.get('user_code') ?? ''),
  // The token is checked before the body (a 401 wins over a 400), as the document orders them.
  admit(c) {
    if (c.op.secured) checkBearer(c.services.store, c.app, header(c.headers, 'authorization'), c.now);
  },
  invalidStatus: 400,
  bind(op) {
    const handler = handlerOf<(c: Call) => object>(HANDLERS, op.operationId);
    return handler && ((c) => inMediaType(json(200, handler(c)), c.headers));
  },
  refuse: (refusal, c) => inMediaType(refusalReply('dmp', refusal), c.headers),
};
