// Renders the hand-written guides (docs/guides/*.md) with marked, after replacing `{{name}}`
// placeholders by values computed at build time (sign examples, facts from the documents).
import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true });

export function fillPlaceholders(text, values, source) {
  return text.replace(/\{\{\s*([\w./-]+)\s*\}\}/g, (_, name) => {
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

/**
 * The example files of the guides (docs/examples/<guide>/...), as placeholders `{{examples.<guide>/<path>}}`: a
 * guide shows the very files its tests compile and run.
 */
export function exampleValues(examplesDir) {
  const values = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else values[`examples.${path.relative(examplesDir, file).split(path.sep).join('/')}`] = fs.readFileSync(file, 'utf8').trimEnd();
    }
  };
  walk(examplesDir);
  return values;
}
