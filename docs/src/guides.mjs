// Renders the guides (docs/guides/*.md) with marked. Their generated parts (examples, worked signs, facts from the
// documents) are already written into the Markdown between markers (guide-regions.mjs, guides-sync.mjs); the
// markers are dropped here, so the page shows exactly what the Markdown shows.
import { Marked } from 'marked';
import { stripMarkers } from './guide-regions.mjs';

const marked = new Marked({ gfm: true });

/** Markdown to HTML; the first `# heading` becomes the page title. */
export function renderGuide(markdown, source) {
  const text = stripMarkers(markdown);
  if (/\{\{[\s\w./-]+\}\}/.test(text))
    throw new Error(
      `${source}: a {{placeholder}} is not filled at build any more: write it as a generated region (docs/src/guide-regions.mjs)`,
    );
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
  if (!title) throw new Error(`${source}: a guide starts with a "# Title" line`);
  return { title, html: marked.parse(text) };
}
