// DMP under /dmp: /accesser/auth (query checked, then the signs), and the bearer-token operations (token, then
// the body against the document, then permission). Statuses as the description lists them: 400, 401, 403.
import { accesserAuth, appOfBearer, configTags, tagsUser, type DmpAnswer } from '../areas/dmp.js';
import { processDue } from '../areas/due.js';
import type { OperationSpec } from '../documents.js';
import { json, problem, type Reply } from '../http/reply.js';
import { validateRequest } from '../validation/request.js';
import type { SchemaSet } from '../validation/schemas.js';
import { appNow, type World } from '../world.js';

/** The versioned media type the service recommends; answered when the caller asks for it. */
export const DMP_MEDIA_TYPE = 'application/vnd.dmp.v1+json';

function reply(answer: DmpAnswer, accept: string | undefined): Reply {
  return { ...json(answer.status, answer.body), contentType: accept?.includes(DMP_MEDIA_TYPE) ? DMP_MEDIA_TYPE : 'application/json' };
}

export function handleDmp(
  world: World,
  schemas: SchemaSet,
  op: OperationSpec,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Reply {
  const accept = typeof headers.accept === 'string' ? headers.accept : undefined;
  if (!op.secured) {
    const violations = validateRequest(schemas, op, { params: {}, query, body });
    if (violations.length > 0) return problem('dmp', 400, 'invalid-request', 'Invalid request', 'the request breaks the DMP document', violations);
    return reply(accesserAuth(world, Object.fromEntries(query)), accept);
  }
  const app = appOfBearer(world, typeof headers.authorization === 'string' ? headers.authorization : undefined);
  if ('status' in app) return reply(app, accept);
  processDue(world, app, appNow(world, app));
  const violations = validateRequest(schemas, op, { params: {}, query, body });
  if (violations.length > 0) return problem('dmp', 400, 'invalid-request', 'Invalid request', 'the request breaks the DMP document', violations);
  const answer = op.name === 'tags/user' ? tagsUser(app, (body ?? {}) as Record<string, unknown>) : configTags(app);
  return reply(answer, accept);
}
