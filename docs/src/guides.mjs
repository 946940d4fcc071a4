// Renders the hand-written guides (docs/guides/*.md) with marked, after replacing `{{name}}`
// placeholders by values computed at build time (sign examples, facts from the documents).
import { Marked } from 'marked';

const marked = new Marked({ gfm: true });

export function fillPlaceholders(text, values, source) {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${source}: unknown placeholder {{${name}}}`);
    return values[name];
  });
}

/** Markdown to HTML; the first `# heading` becomes the page title. */
export function renderGuide(markdown, values, source) {
  const filled = fillPlaceholders(markdown, values, source);
  const title = /^#\s+(.+)$/m.exec(filled)?.[1]?.trim();
  if (!title) throw new Error(`${source}: a guide starts with a "# Title" line`);
  return { title, html: marked.parse(filled) };
}
