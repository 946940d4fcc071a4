// The "Changes" page: the releases of the packages that carry the documents, from their CHANGELOG.md files, each
// entry shown once with the packages that released it (one changeset lands in several changelogs: a reader should
// not meet it five times), the entries that hold breaking changes first. The entries api-diff writes name each
// operation as **api** `operationId`; every operationId the page shows in code is linked to its operation in the
// API's reference page.
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

/** A changelog's entries: { version, text, breaking } per top-level item (`- ` and its indented lines). */
export function changelogEntries(markdown) {
  const entries = [];
  let version;
  let type = '';
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(\S+)/.exec(line);
    if (heading && !line.startsWith('###')) version = heading[1];
    else if (line.startsWith('### ')) type = line.slice(4);
    else if (version && line.startsWith('- ')) entries.push({ version, text: line, type });
    else if (entries.length && entries.at(-1).version === version && (line.startsWith('  ') || line === ''))
      entries.at(-1).text += `\n${line}`;
  }
  return entries.map((e) => ({
    version: e.version,
    text: e.text.trimEnd(),
    breaking: /Major/.test(e.type) || e.text.includes('**Breaking changes**'),
  }));
}

/**
 * The releases, newest first as the changelogs list them: each named after the first carrier package (the documents
 * first) that has it, with every package and version that released one of its entries; each entry once.
 */
function releases(changelogs) {
  const byEntry = new Map();
  const groups = new Map();
  for (const [name, markdown] of changelogs) {
    for (const entry of changelogEntries(markdown ?? '')) {
      const released = `${name} ${entry.version}`;
      const known = byEntry.get(entry.text);
      if (known) {
        known.group.packages.add(released);
        continue;
      }
      if (!groups.has(released)) groups.set(released, { title: released, packages: new Set([released]), entries: [] });
      const group = groups.get(released);
      group.entries.push(entry);
      byEntry.set(entry.text, { group });
    }
  }
  return [...groups.values()];
}

function releaseSection(group) {
  const entries = [...group.entries].sort((a, b) => Number(b.breaking) - Number(a.breaking));
  const also = [...group.packages].filter((p) => p !== group.title);
  const line = also.length ? `Released in ${group.title} and ${also.join(', ')}.\n\n` : '';
  return `## ${group.title}\n\n${line}${entries.map((e) => e.text).join('\n')}\n`;
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
    'Each release is shown once, with the packages that released it; breaking changes come first, in plain words, ' +
    'each with what to do (`npx -y pnpm@10.34.9 run api-diff`).\n\n';
  const changelogs = Object.entries(DOCUMENT_PACKAGES).map(([name, dir]) => [name, readChangelog(dir)]);
  const none = changelogs.filter(([, markdown]) => !changelogEntries(markdown ?? '').length).map(([name]) => name);
  const sections = releases(changelogs).map(releaseSection);
  if (none.length) sections.push(`## Not released yet\n\n${none.join(', ')}: (no release yet)\n`);
  return {
    title: 'Changes',
    html: linkOperations(marked.parse(intro + sections.join('\n')), operationLinks(references)),
  };
}

function readWorkspaceChangelog(dir) {
  const file = path.join(root, dir, 'CHANGELOG.md');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
