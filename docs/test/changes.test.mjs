// The Changes page: the changelogs of the packages that carry the documents, every operation they name linked.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apis } from '../../scripts/apis.mjs';
import { renderMarkdown } from '../../scripts/api-diff/render.mjs';
import { changesPage } from '../src/changes.mjs';
import { listOperations } from '../src/document.mjs';
import { operationAnchor } from '../src/facts.mjs';

const references = apis
  .filter((api) => api.mock)
  .map((api) => ({ api, doc: JSON.parse(fs.readFileSync(api.bundle, 'utf8')) }));
/** A changelog as changesets writes it from the changeset api-diff wrote (first line a bullet, the rest indented). */
const entry = renderMarkdown([
  {
    api: 'push-v1',
    operationId: 'pushSingle',
    where: 'response.200.body.status',
    change: 'value "queued" added',
    class: 'breaking-for-exhaustive-clients',
    migration: 'handle "queued"',
  },
  {
    api: 'dmp',
    operationId: 'getUserTags',
    where: 'request.body.cid',
    change: 'field removed',
    class: 'breaking',
    migration: 'stop sending `cid`',
  },
]);
const [first, ...rest] = entry.trim().split('\n');
const changelog = `# @pushapi/openapi\n\n## 0.2.0\n\n### Minor Changes\n\n- ${first}\n${rest.map((l) => `  ${l}`).join('\n')}\n\n## 0.1.0\n\n- Mentions \`authSign\` and \`notAnOperation\`.\n`;
const read = (dir) => (dir === 'openapi' ? changelog : undefined);

describe('changes page', () => {
  const { title, html } = changesPage(references, read);

  it('links each operation an api-diff entry names to its reference page', () => {
    expect(title).toBe('Changes');
    expect(html).toContain(
      '<strong>push-v1</strong> <a href="push-v1.html#/push/pushsingle"><code>pushSingle</code></a>',
    );
    expect(html).toContain('<strong>dmp</strong> <a href="dmp.html#/tags/getusertags"><code>getUserTags</code></a>');
    expect(html).toContain('Migration: handle &quot;queued&quot;.');
  });

  it('links an operationId a person wrote in code, and leaves other code alone', () => {
    expect(html).toContain('<a href="push-v1.html#/authentication/authsign"><code>authSign</code></a>');
    expect(html).toContain('<code>notAnOperation</code>');
    expect(html).not.toContain('><code>notAnOperation</code></a>');
  });

  it('shows every carrier package, the documents first, and says so when one has no changelog', () => {
    const order = [
      '@pushapi/openapi',
      '@pushapi/push-v1-client',
      '@pushapi/dmp-client',
      '@pushapi/mock',
      '@pushapi/sandbox',
    ].map((n) => html.indexOf(`<h2>${n}</h2>`));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
    expect(html).toContain('<h3>0.2.0</h3>');
    expect(html).toContain('(no release yet)');
  });
});

describe('built changes.html', () => {
  const file = new URL('../site/changes.html', import.meta.url);

  it('is in the site, linked from the navigation, and every operation link names an operation', () => {
    const html = fs.readFileSync(file, 'utf8');
    expect(fs.readFileSync(new URL('../site/index.html', import.meta.url), 'utf8')).toContain(
      '<a href="changes.html">Changes</a>',
    );
    expect(html).toContain('<h2>@pushapi/openapi</h2>');
    const anchors = new Set(
      references.flatMap(({ api, doc }) => listOperations(doc).map((e) => `${api.name}.html${operationAnchor(e)}`)),
    );
    for (const [, href] of html.matchAll(/href="([\w-]+\.html#\/[^"]+)"/g)) expect(anchors.has(href), href).toBe(true);
  });
});
