// Classifies every change between two bundled OpenAPI 3.1 documents by operation, from the consumer's side:
// 'breaking' (old client code no longer works), 'breaking-for-exhaustive-clients' (a new value or shape in an
// answer: a switch over the generated union misses it) or 'non-breaking'. Descriptions, examples, summaries
// and `x-` extensions never count.
import { withIds } from './findings.mjs';
import { compareHeaders, compareParameter, compareSecurity, compareServers, serversOf } from './parts.mjs';
import { compareSchema, resolve } from './schema.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations of a document by operationId (method and path when it has none). */
export function operations(doc) {
  const found = new Map();
  for (const [route, item] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const id = op.operationId ?? `${method.toUpperCase()} ${route}`;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      const servers = serversOf(doc, item, op);
      found.set(id, { id, method, route, op, parameters, servers, security: op.security ?? doc.security ?? [] });
    }
  }
  return found;
}

/**
 * @param {string} api  the registry name, e.g. `push-v1`
 * @param {object} before  the bundle at the base ({} when the document did not exist)
 * @param {object} after   the bundle now
 * @returns {{ api: string, operationId: string, where: string, change: string, class: string, migration?: string }[]}
 */
export function diffDocuments(api, before, after) {
  const changes = [];
  const opsBefore = operations(before);
  const opsAfter = operations(after);
  const renames = new Set();
  for (const [id, old] of opsBefore) {
    const report = (finding) => changes.push({ api, operationId: id, ...finding });
    const renamed = opsAfter.has(id) ? undefined : renamedTo(old, opsBefore, opsAfter);
    if (renamed) {
      renames.add(renamed.id);
      changes.push({ api, operationId: renamed.id, ...renameFinding(old, renamed) });
      compareOperation(
        { before, after, report: (f) => changes.push({ api, operationId: renamed.id, ...f }) },
        old,
        renamed,
      );
      continue;
    }
    const now = opsAfter.get(id);
    if (!now) {
      report({
        where: 'operation',
        check: 'removed',
        change: `operation removed (${old.method.toUpperCase()} ${old.route})`,
        class: 'breaking',
        migration: `stop calling ${id}`,
      });
      continue;
    }
    compareOperation({ before, after, report }, old, now);
  }
  for (const [id, now] of opsAfter) {
    if (!opsBefore.has(id) && !renames.has(id))
      changes.push({
        api,
        operationId: id,
        where: 'operation',
        check: 'added',
        change: `operation added (${now.method.toUpperCase()} ${now.route})`,
        class: 'non-breaking',
      });
  }
  return withIds(api, mergeVariants(changes));
}

/** The operation now at the same method and path under another operationId, if the old id is gone. */
function renamedTo(old, opsBefore, opsAfter) {
  for (const now of opsAfter.values())
    if (now.method === old.method && now.route === old.route && !opsBefore.has(now.id)) return now;
  return undefined;
}

/** A rename changes every generated method name, but the endpoint is the same: call it by its new name. */
const renameFinding = (old, now) => ({
  where: 'operation',
  check: 'renamed',
  change: `operationId ${old.id} renamed to ${now.id} (same ${now.method.toUpperCase()} ${now.route})`,
  class: 'breaking',
  migration: `call ${now.id} where you called ${old.id}`,
});

function compareOperation(ctx, old, now) {
  const { report } = ctx;
  if (old.method !== now.method || old.route !== now.route) {
    report({
      where: 'operation',
      check: 'moved',
      change: `moved from ${old.method.toUpperCase()} ${old.route} to ${now.method.toUpperCase()} ${now.route}`,
      class: 'breaking',
      migration: `call ${now.method.toUpperCase()} ${now.route}`,
    });
  }
  if (!old.op.deprecated && now.op.deprecated)
    report({ where: 'operation', check: 'deprecated', change: 'operation deprecated', class: 'non-breaking' });
  compareSecurity(ctx, old, now);
  compareServers(ctx, old, now);
  compareParameters(ctx, old.parameters, now.parameters);
  compareBody(ctx, resolve(ctx.before, old.op.requestBody), resolve(ctx.after, now.op.requestBody));
  compareResponses(ctx, old.op.responses ?? {}, now.op.responses ?? {});
}

function compareParameters(ctx, before, after) {
  const key = (p) => `${p.in}.${p.name}`;
  const afterByKey = new Map(after.map((p) => [key(p), p]));
  const beforeKeys = new Set(before.map(key));
  const side = { ...ctx, side: 'request', seen: new Set() };
  for (const p of before) {
    const where = `request.${key(p)}`;
    const q = afterByKey.get(key(p));
    if (!q)
      ctx.report({
        where,
        check: 'parameter-removed',
        change: 'parameter removed',
        class: 'breaking',
        migration: `stop sending ${p.in} parameter \`${p.name}\``,
      });
    else {
      if (!p.required && q.required)
        ctx.report({
          where,
          check: 'parameter-became-required',
          change: 'parameter made required',
          class: 'breaking',
          migration: `send ${p.in} parameter \`${p.name}\``,
        });
      compareParameter(ctx, side, where, p, q);
    }
  }
  for (const q of after) {
    if (beforeKeys.has(key(q))) continue;
    ctx.report({
      where: `request.${key(q)}`,
      check: q.required ? 'required-parameter-added' : 'optional-parameter-added',
      change: `parameter added, ${q.required ? 'required' : 'optional'}`,
      class: q.required ? 'breaking' : 'non-breaking',
      migration: `send ${q.in} parameter \`${q.name}\``,
    });
  }
}

function compareBody(ctx, before, after) {
  if (!before && !after) return;
  if (!after)
    return ctx.report({
      where: 'request.body',
      check: 'body-removed',
      change: 'request body removed',
      class: 'breaking',
      migration: 'send no body',
    });
  if (!before) {
    return ctx.report({
      where: 'request.body',
      check: after.required ? 'required-body-added' : 'optional-body-added',
      change: `request body added, ${after.required ? 'required' : 'optional'}`,
      class: after.required ? 'breaking' : 'non-breaking',
      migration: 'send the body the document describes',
    });
  }
  if (!before.required && after.required)
    ctx.report({
      where: 'request.body',
      check: 'body-became-required',
      change: 'request body made required',
      class: 'breaking',
      migration: 'send a body',
    });
  compareContent(
    { ...ctx, side: 'request', seen: new Set() },
    'request.body',
    before.content ?? {},
    after.content ?? {},
  );
}

function compareResponses(ctx, before, after) {
  for (const [status, raw] of Object.entries(before)) {
    const where = `response.${status}`;
    if (!(status in after)) {
      ctx.report({
        where,
        check: 'status-removed',
        change: `response ${status} no longer documented`,
        class: 'non-breaking',
      });
      continue;
    }
    const side = { ...ctx, side: 'response', seen: new Set() };
    compareHeaders(ctx, status, resolve(ctx.before, raw).headers, resolve(ctx.after, after[status]).headers);
    compareContent(
      side,
      `${where}.body`,
      resolve(ctx.before, raw).content ?? {},
      resolve(ctx.after, after[status]).content ?? {},
    );
  }
  for (const status of Object.keys(after)) {
    if (status in before) continue;
    ctx.report({
      where: `response.${status}`,
      check: 'status-added',
      change: `response ${status} added`,
      class: 'breaking-for-exhaustive-clients',
      migration: `handle the ${status} answer`,
    });
  }
}

/** Compares the bodies media type by media type; the name of the type shows in `where` only when there are several. */
function compareContent(ctx, where, before, after) {
  const several = new Set([...Object.keys(before), ...Object.keys(after)]).size > 1;
  const request = ctx.side === 'request';
  for (const [type, media] of Object.entries(before)) {
    const at = several ? `${where}[${type}]` : where;
    if (!(type in after)) {
      ctx.report({
        where: at,
        check: 'media-type-removed',
        change: `media type ${type} removed`,
        class: 'breaking',
        migration: `${request ? 'send' : 'read'} another media type`,
      });
      continue;
    }
    compareSchema(ctx, at, media.schema ?? {}, after[type].schema ?? {});
  }
  for (const type of Object.keys(after)) {
    if (type in before) continue;
    ctx.report({
      where: several ? `${where}[${type}]` : where,
      check: 'media-type-added',
      change: `media type ${type} added`,
      class: request ? 'non-breaking' : 'breaking-for-exhaustive-clients',
      migration: `handle ${type} answers`,
    });
  }
}

/** One change seen in several oneOf variants (a shared schema under each template) is reported once, with `<*>`. */
function mergeVariants(changes) {
  const groups = new Map();
  for (const c of changes) {
    const generic = c.where.replace(/<[^<>]*>/g, '<*>');
    const key = [c.api, c.operationId, generic, c.change, c.class].join('\0');
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1 ? group[0] : { ...group[0], where: group[0].where.replace(/<[^<>]*>/g, '<*>') },
  );
}
