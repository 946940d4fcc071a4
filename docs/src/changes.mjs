// The "Changes" page: the CHANGELOG.md of every package that carries the documents (the documents first), as
// changesets wrote them. The entries api-diff writes name each operation as **api** `operationId`; every
// operationId the page shows in code is linked to its operation in the API's reference page.
import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { DOCUMENT_PACKAGES } from '../../scripts/api-diff/release.mjs';
import { root } from '../../scripts/apis.mjs';
import { listOperations } from './document.mjs';
import { operationAnchor } from './facts.mjs';

const marked = new Marked({ gfm: true });

/** `operationId` -> { api: href } over the documents, for the links. */
function operationLinks(references) {
  const links = new Map();
  for (const { api, doc } of references) {
    for (const entry of listOperations(doc)) {
      if (!entry.operationId) continue;
      if (!links.has(entry.operationId)) links.set(entry.operationId, {});
      links.get(entry.operationId)[api.name] = `${api.name}.html${operationAnchor(entry)}`;
    }
  }
  return links;
}

/** A changelog's Markdown as a section: its `# package` title dropped, every other heading one level lower. */
function section(name, markdown) {
  const body = markdown.replace(/^# .*\n+/, '').replace(/^(#{2,5}) /gm, '#$1 ');
  return `## ${name}\n\n${body.trim() || '(no release yet)'}\n`;
}

/**
 * Links `<code>operationId</code>` to the operation; after `<strong>api</strong>` (api-diff's entries), to that
 * API's page, else to the only API that has it (a name two APIs share and no API names stays plain).
 */
export function linkOperations(html, links) {
  return html.replace(/(?:<strong>([\w-]+)<\/strong>\s*)?<code>([A-Za-z_][\w]*)<\/code>/g, (whole, api, id) => {
    const hrefs = links.get(id);
    if (!hrefs) return whole;
    const href = api ? hrefs[api] : Object.keys(hrefs).length === 1 ? Object.values(hrefs)[0] : undefined;
    if (!href) return whole;
    return `${api ? `<strong>${api}</strong> ` : ''}<a href="${href}"><code>${id}</code></a>`;
  });
}

/**
 * The page's title and HTML body.
 * @param {{ api: { name: string }, doc: object }[]} references  the public APIs and their bundles
 * @param {(dir: string) => string | undefined} readChangelog  a package folder's CHANGELOG.md, or undefined
 */
export function changesPage(references, readChangelog = readWorkspaceChangelog) {
  const intro =
    '# Changes\n\nWhat each release changed, from the changelogs of the packages that carry the documents. ' +
    'Changes to the documents are listed by operation with their class for a consumer (breaking, breaking for ' +
    'exhaustive clients, non-breaking) and a migration line for each breaking one (`npx -y pnpm@10.34.9 run api-diff`).\n\n';
  const sections = Object.entries(DOCUMENT_PACKAGES).map(([name, dir]) => section(name, readChangelog(dir) ?? ''));
  return {
    title: 'Changes',
    html: linkOperations(marked.parse(intro + sections.join('\n')), operationLinks(references)),
  };
}

function readWorkspaceChangelog(dir) {
  const file = path.join(root, dir, 'CHANGELOG.md');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
