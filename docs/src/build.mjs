// Builds the reference site into docs/site/:
//   index.html and one page per guide (docs/guides/*.md rendered with marked, as written: their generated parts
//   are kept in the Markdown by src/guides-sync.mjs),
//   <api>.html: a self-contained Redoc page per API, built from a docs-only copy of the bundle
//   with generated x-codeSamples (the public documents in openapi/dist are never modified),
//   changes.html: the packages' changelogs, each operation they name linked to its reference (src/changes.mjs).
// Usage: node src/build.mjs   (package script `docs`)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { changesPage } from './changes.mjs';
import { withCodeSamples } from './code-samples.mjs';
import { renderGuide } from './guides.mjs';
import { stripMarkers } from './guide-regions.mjs';
import { llmsFiles } from './llms.mjs';
import { renderPage, guidePages } from './page.mjs';
import { buildRedocPage } from './redoc.mjs';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = path.join(docsDir, 'site');
const workDir = path.join(docsDir, '.build');
const guidesDir = path.join(docsDir, 'guides');

function readBundle(api) {
  if (!fs.existsSync(api.bundle)) {
    throw new Error(
      `missing ${path.relative(docsDir, api.bundle)}: run the bundle task first (pnpm run build at the root)`,
    );
  }
  return JSON.parse(fs.readFileSync(api.bundle, 'utf8'));
}

function main() {
  // Build into a fresh folder and swap it in at the end: a failed build leaves the previous site,
  // and a reader (or a running browser test) never sees a half-written one.
  const nextDir = path.join(workDir, 'site-next');
  fs.rmSync(nextDir, { recursive: true, force: true });
  fs.mkdirSync(nextDir, { recursive: true });

  for (const api of apis) {
    const doc = readBundle(api);
    const docsCopy = path.join(workDir, `${api.name}.json`);
    fs.writeFileSync(docsCopy, JSON.stringify(withCodeSamples(doc, api), null, 2));
    buildRedocPage({
      input: docsCopy,
      output: path.join(nextDir, `${api.name}.html`),
      title: `${api.title} reference`,
    });
  }

  const pages = [{ file: 'index.html', source: 'index.md' }, ...guidePages];
  const guides = [];
  for (const page of pages) {
    const markdown = fs.readFileSync(path.join(guidesDir, page.source), 'utf8');
    const { title, html } = renderGuide(markdown, `guides/${page.source}`);
    fs.writeFileSync(path.join(nextDir, page.file), renderPage({ title, file: page.file, body: html, apis }));
    guides.push({ file: page.source, title, markdown: stripMarkers(markdown) });
  }
  // The Changes page, from the changelogs of the packages that carry the documents (src/changes.mjs).
  const changes = changesPage(apis.filter((api) => api.mock).map((api) => ({ api, doc: readBundle(api) })));
  fs.writeFileSync(
    path.join(nextDir, 'changes.html'),
    renderPage({ title: changes.title, file: 'changes.html', body: changes.html, apis }),
  );
  // For coding agents: llms.txt, llms-full.txt, a Markdown page per operation of the public APIs, the guides as Markdown.
  const publicApis = apis.filter((api) => api.mock).map((api) => ({ api, doc: readBundle(api) }));
  const controlApi = apis.filter((api) => !api.mock).map((api) => ({ api, doc: readBundle(api) }))[0];
  for (const [file, text] of llmsFiles(publicApis, guides, controlApi)) {
    fs.mkdirSync(path.dirname(path.join(nextDir, file)), { recursive: true });
    fs.writeFileSync(path.join(nextDir, file), text);
  }
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.renameSync(nextDir, siteDir);

  console.log('docs: built site in docs/site/');
  for (const file of fs.readdirSync(siteDir).sort()) {
    console.log(
      `  ${file.padEnd(28)} ${fs.statSync(path.join(siteDir, file)).size.toLocaleString('en-US').padStart(11)} bytes`,
    );
  }
}

main();
