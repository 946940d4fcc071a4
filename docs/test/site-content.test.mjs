// Static checks of the built site (docs/site): self-contained pages, Redoc telemetry off, the
// guides agreeing with the documents, and the public documents left as they were.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apis } from '../../scripts/apis.mjs';
import { renderGuide } from '../src/guides.mjs';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteDir = path.join(docsDir, 'site');
const pages = fs.existsSync(siteDir) ? fs.readdirSync(siteDir).filter((f) => f.endsWith('.html')) : [];
const read = (file) => fs.readFileSync(path.join(siteDir, file), 'utf8');

describe('built site', () => {
  it('has the index, the guides and one reference per API', () => {
    for (const file of [
      'index.html',
      'authentication.html',
      'templates-and-styles.html',
      'errors.html',
      'limits.html',
      'deprecation.html',
    ]) {
      expect(pages).toContain(file);
    }
    for (const api of apis) expect(pages).toContain(`${api.name}.html`);
  });

  it('loads nothing from another host: no remote src, stylesheet, font or import', () => {
    for (const file of pages) {
      const html = read(file);
      expect(html, file).not.toMatch(/<(script|img|iframe|source|video|audio)\b[^>]*\ssrc=["']?(https?:)?\/\//i);
      expect(html, file).not.toMatch(/<link\b[^>]*\shref=["']?(https?:)?\/\//i);
      expect(html, file).not.toMatch(/@import\s+(url\()?["']?(https?:)?\/\//i);
      expect(html, file).not.toMatch(/url\(["']?https?:/i);
      expect(html, file).not.toContain('cdn.redoc.ly/redoc/logo');
    }
  });

  it('builds the references with Redoc telemetry off and the scripts inlined', () => {
    for (const api of apis) {
      const html = read(`${api.name}.html`);
      const options = JSON.parse(/const __redoc_options = (\{.*\});\n/.exec(html)?.[1] ?? 'null');
      expect(options?.disableTelemetry).toBe(true);
      expect(html).toContain('hydrate(__redoc_definition');
      expect(html.length).toBeGreaterThan(1_000_000); // the Redoc bundle itself is inlined
    }
  });

  it('the errors guide lists exactly the result values the document knows', () => {
    const doc = JSON.parse(fs.readFileSync(apis.find((a) => a.name === 'push-v1').bundle, 'utf8'));
    const known = doc.components.schemas.Result['x-known-values'];
    expect(known.length).toBeGreaterThan(2);
    const guide = fs.readFileSync(path.join(docsDir, 'guides', 'errors.md'), 'utf8');
    const header = '| `result` | Meaning |\n|---|---|\n';
    const table = guide.slice(guide.indexOf(header) + header.length, guide.indexOf('### Delivery states'));
    const listed = [...table.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...known].sort());
  });

  it('the public documents carry no code samples (only the docs copies do)', () => {
    for (const api of apis) {
      expect(fs.readFileSync(api.bundle, 'utf8')).not.toContain('x-codeSamples');
      expect(fs.readFileSync(path.join(docsDir, '.build', `${api.name}.json`), 'utf8')).toContain('x-codeSamples');
    }
  });
});

describe('guide rendering', () => {
  it('drops the markers of generated regions, keeps their content, and takes the title from the first heading', () => {
    const markdown =
      '# Hello <!-- value: name -->there<!-- /value -->\n\n<!-- generated: sign -->\n`abc`\n<!-- /generated -->\n';
    const { title, html } = renderGuide(markdown, 't.md');
    expect(title).toBe('Hello there');
    expect(html).toBe('<h1>Hello there</h1>\n<p><code>abc</code></p>\n');
  });

  it('fails on a placeholder left to fill or a missing title', () => {
    expect(() => renderGuide('# T\n\n{{nope}}', 'x.md')).toThrow(
      'x.md: a {{placeholder}} is not filled at build any more',
    );
    expect(() => renderGuide('no title', 'y.md')).toThrow('y.md: a guide starts with a "# Title" line');
  });
});
