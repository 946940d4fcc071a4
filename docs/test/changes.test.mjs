// The Changes page: the releases of the packages that carry the documents, each entry once, every operation they
// name linked.
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
    id: 'response-value-added@push-v1:pushSingle:response.200.body.status#00000000',
    check: 'response-value-added',
    api: 'push-v1',
    operationId: 'pushSingle',
    where: 'response.200.body.status',
    change: 'value "queued" added',
    class: 'breaking-for-exhaustive-clients',
    migration: 'handle "queued"',
  },
  {
    id: 'request-property-removed@dmp:getUserTags:request.body.cid#00000000',
    check: 'request-property-removed',
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
/** The same entry in the DMP client's changelog, as `changeset version` writes it into each bumped package. */
const clientChangelog = `# @pushapi/dmp-client\n\n## 0.2.0\n\n### Minor Changes\n\n- ${first}\n${rest.map((l) => `  ${l}`).join('\n')}\n`;
const read = (dir) => ({ openapi: changelog, 'packages/dmp-client': clientChangelog })[dir];

describe('changes page', () => {
  const { title, html } = changesPage(references, read);

  it('links each operation an api-diff entry names to its reference page', () => {
    expect(title).toBe('Changes');
    expect(html).toContain(
      '<strong>push-v1</strong> <a href="push-v1.html#/push/pushsingle"><code>pushSingle</code></a>',
    );
    expect(html).toContain('<strong>dmp</strong> <a href="dmp.html#/tags/getusertags"><code>getUserTags</code></a>');
    expect(html).toContain('What to do: handle &quot;queued&quot;.');
  });

  it('links an operationId a person wrote in code, and leaves other code alone', () => {
    expect(html).toContain('<a href="push-v1.html#/authentication/authsign"><code>authSign</code></a>');
    expect(html).toContain('<code>notAnOperation</code>');
    expect(html).not.toContain('><code>notAnOperation</code></a>');
  });

  it('shows each release once, with the packages that released it, breaking changes first', () => {
    expect(html.match(/<code>getUserTags<\/code><\/a>: the request no longer takes/g)).toHaveLength(1);
    expect(html).toContain('<h2>@pushapi/openapi 0.2.0</h2>');
    expect(html).toContain('Released in @pushapi/openapi 0.2.0 and @pushapi/dmp-client 0.2.0.');
    expect(html.indexOf('Breaking changes')).toBeLessThan(html.indexOf('Mentions'));
    expect(html).toContain('<h2>@pushapi/openapi 0.1.0</h2>');
    expect(html).toContain('@pushapi/push-v1-client, @pushapi/mock, @pushapi/sandbox: (no release yet)');
  });
});

describe('built changes.html', () => {
  const file = new URL('../site/changes.html', import.meta.url);

  it('is in the site, linked from the navigation, and every operation link names an operation', () => {
    const html = fs.readFileSync(file, 'utf8');
    expect(fs.readFileSync(new URL('../site/index.html', import.meta.url), 'utf8')).toContain(
      '<a href="changes.html">Changes</a>',
    );
    expect(html).toMatch(/<h2>@pushapi\/openapi[^<]*<\/h2>/);
    const anchors = new Set(
      references.flatMap(({ api, doc }) => listOperations(doc).map((e) => `${api.name}.html${operationAnchor(e)}`)),
    );
    for (const [, href] of html.matchAll(/href="([\w-]+\.html#\/[^"]+)"/g)) expect(anchors.has(href), href).toBe(true);
  });
});
