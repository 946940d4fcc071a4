// The pipeline's one call into the usage ledgers (services/usage.ts), made beside the request log once a request is
// answered: what the request reached (operation, app, body, answer) read off its context.
import { countUsage } from '../services/usage.js';
import type { RequestContext } from './context.js';

export function noteUsage(ctx: RequestContext): void {
  const { operation, reply } = ctx;
  if (!operation || !ctx.app || operation.op.api === 'control') return;
  countUsage(ctx.parts.services.store, ctx.parts.schemas, {
    op: operation.op,
    app: ctx.app,
    params: ctx.params,
    query: ctx.call?.query,
    search: ctx.url.searchParams,
    headers: ctx.req.headers,
    body: ctx.body,
    status: ctx.status,
    result: reply?.outcome ?? null,
    answer: reply?.body,
  });
}
