// The parts of an operation outside its bodies that a client depends on: security (schemes and requirements),
// servers and their variables, response headers, and how parameters are written (style, explode, content).
import { isDeepStrictEqual } from 'node:util';
import { compareSchema, plain, resolve } from './schema.mjs';

const show = (value) => JSON.stringify(value);

/** A scheme's definition as a client meets it (type, in, name, scheme, flows), annotations dropped. */
function scheme(doc, name) {
  const s = resolve(doc, doc?.components?.securitySchemes?.[name]);
  if (!s) return undefined;
  const { description, ...rest } = s;
  return plain(doc, rest);
}
const describe = (s) => (s ? [s.type, s.scheme ?? s.in, s.name].filter(Boolean).join(' ') : 'undefined');

/**
 * Security from the side of a client that satisfied one of the old alternatives: it still works when some new
 * alternative asks for a subset of what it sent (no new scheme, no new scope). A scheme whose definition changed
 * (how the credential is sent) is its own finding, per scheme.
 */
export function compareSecurity(ctx, old, now) {
  const alternatives = (list) => (list.length ? list : [{}]);
  const names = new Set([...old.security, ...now.security].flatMap((alt) => Object.keys(alt)));
  for (const name of names) {
    const b = scheme(ctx.before, name);
    const a = scheme(ctx.after, name);
    if (isDeepStrictEqual(b, a)) continue;
    if (b && a)
      ctx.report({
        where: `request.security.${name}`,
        check: 'security-scheme-changed',
        change: `security scheme \`${name}\`: ${describe(b)} -> ${describe(a)}`,
        class: 'breaking',
        migration: `send the credential as ${describe(a)}`,
      });
  }
  const satisfied = (oldAlt) =>
    alternatives(now.security).some((alt) =>
      Object.entries(alt).every(([name, scopes]) => name in oldAlt && scopes.every((s) => oldAlt[name].includes(s))),
    );
  const lost = alternatives(old.security).filter((alt) => !satisfied(alt));
  if (lost.length)
    ctx.report({
      where: 'request.security',
      check: 'security-requirement-narrowed',
      change: `security ${show(old.security)} -> ${show(now.security)}`,
      class: 'breaking',
      migration: 'send the credentials the operation now requires',
    });
  else if (!isDeepStrictEqual(old.security, now.security))
    ctx.report({
      where: 'request.security',
      check: 'security-requirement-widened',
      change: `security ${show(old.security)} -> ${show(now.security)}`,
      class: 'non-breaking',
    });
}

/** The servers an operation is called on: its own, its path's, or the document's (`/` when none says). */
export const serversOf = (doc, item, op) => op.servers ?? item?.servers ?? doc?.servers ?? [{ url: '/' }];

/** A server URL gone moves the operation for every client built on it; a variable's values narrowed or its default moved too. */
export function compareServers(ctx, old, now) {
  const urls = (list) => new Map(list.map((s) => [s.url, s]));
  const before = urls(old.servers);
  const after = urls(now.servers);
  const removed = [...before.keys()].filter((u) => !after.has(u));
  const added = [...after.keys()].filter((u) => !before.has(u));
  for (const url of removed)
    ctx.report({
      where: 'request.server',
      check: 'server-removed',
      change:
        added.length === 1 && removed.length === 1
          ? `server \`${url}\` -> \`${added[0]}\``
          : `server \`${url}\` removed`,
      class: 'breaking',
      migration: `call the operation on ${added.length ? added.map((u) => `\`${u}\``).join(' or ') : 'another server'}`,
    });
  if (!removed.length)
    for (const url of added)
      ctx.report({
        where: 'request.server',
        check: 'server-added',
        change: `server \`${url}\` added`,
        class: 'non-breaking',
      });
  for (const [url, server] of before)
    if (after.has(url)) compareVariables(ctx, url, server.variables ?? {}, after.get(url).variables ?? {});
}

function compareVariables(ctx, url, before, after) {
  for (const [name, v] of Object.entries(before)) {
    const w = after[name] ?? {};
    const where = `request.server.${name}`;
    const lost = (v.enum ?? []).filter((x) => w.enum && !w.enum.includes(x));
    if (lost.length || (!v.enum && w.enum))
      ctx.report({
        where,
        check: 'server-variable-narrowed',
        change: `server \`${url}\` variable \`${name}\` values ${show(v.enum ?? 'any')} -> ${show(w.enum)}`,
        class: 'breaking',
        migration: `use one of ${show(w.enum)}`,
      });
    if (v.default !== w.default)
      ctx.report({
        where,
        check: 'server-variable-default-changed',
        change: `server \`${url}\` variable \`${name}\` default ${show(v.default)} -> ${show(w.default)}`,
        class: 'review',
        migration: `set \`${name}\` if you relied on ${show(v.default)}`,
      });
  }
}

/** How a parameter is written on the wire: a change means old code writes a value the server reads otherwise. */
const SERIALIZATION = ['style', 'explode', 'allowReserved', 'allowEmptyValue'];
const defaultStyle = (p) => (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
const wire = (p) => ({
  style: p.style ?? defaultStyle(p),
  explode: p.explode ?? (p.style ?? defaultStyle(p)) === 'form',
  allowReserved: p.allowReserved ?? false,
  allowEmptyValue: p.allowEmptyValue ?? false,
  content: Object.keys(p.content ?? {}),
});

/** A parameter's serialization, then its schema (its own, or that of its one media type under `content`). */
export function compareParameter(ctx, side, where, p, q) {
  const b = wire(p);
  const a = wire(q);
  for (const key of [...SERIALIZATION, 'content']) {
    // explode's default follows style: a style change is one finding, not two.
    if (isDeepStrictEqual(b[key], a[key]) || (key === 'explode' && b.style !== a.style)) continue;
    ctx.report({
      where,
      check: key === 'content' ? 'parameter-content-changed' : 'parameter-serialization-changed',
      change: `${key} ${show(b[key])} -> ${show(a[key])}`,
      class: 'breaking',
      migration: `write \`${q.name}\` with ${key} ${show(a[key])}`,
    });
  }
  const schemaOf = (x) => x.schema ?? Object.values(x.content ?? {})[0]?.schema ?? {};
  compareSchema(side, where, schemaOf(p), schemaOf(q));
}

/** Response headers: the client reads them, so a required one removed or made optional, or its type widened, breaks it. */
export function compareHeaders(ctx, status, beforeHeaders, afterHeaders) {
  const side = { ...ctx, side: 'response', seen: new Set() };
  for (const [name, raw] of Object.entries(beforeHeaders ?? {})) {
    const where = `response.${status}.header.${name}`;
    const h = resolve(ctx.before, raw);
    const now = afterHeaders?.[name] && resolve(ctx.after, afterHeaders[name]);
    if (!now) {
      ctx.report({
        where,
        check: 'header-removed',
        change: `header \`${name}\` removed`,
        class: h.required ? 'breaking' : 'non-breaking',
        migration: `stop reading the header \`${name}\``,
      });
      continue;
    }
    if (h.required && !now.required)
      ctx.report({
        where,
        check: 'header-became-optional',
        change: `header \`${name}\` made optional`,
        class: 'breaking',
        migration: `handle an answer without the header \`${name}\``,
      });
    compareSchema(side, where, h.schema ?? {}, now.schema ?? {});
  }
  for (const name of Object.keys(afterHeaders ?? {}))
    if (!(name in (beforeHeaders ?? {})))
      ctx.report({
        where: `response.${status}.header.${name}`,
        check: 'header-added',
        change: `header \`${name}\` added`,
        class: 'non-breaking',
      });
}
