// The HTML shell of the index and guide pages: one self-contained file each, inline CSS, system
// fonts only, no script, nothing loaded from another host.

export const guidePages = [
  { file: 'install.html', source: 'install.md', nav: 'Install' },
  { file: 'authentication.html', source: 'authentication.md', nav: 'Authentication' },
  { file: 'templates-and-styles.html', source: 'templates-and-styles.md', nav: 'Templates and styles' },
  { file: 'errors.html', source: 'errors.md', nav: 'Errors' },
  { file: 'limits.html', source: 'limits.md', nav: 'Limits' },
  { file: 'deprecation.html', source: 'deprecation.md', nav: 'v1 deprecation' },
  { file: 'testing.html', source: 'testing.md', nav: 'Testing with the sandbox' },
  { file: 'generators.html', source: 'generators.md', nav: 'Other generators' },
  { file: 'usage.html', source: 'usage.md', nav: 'Who a change hits' },
  { file: 'agents.html', source: 'agents.md', nav: 'Coding agents' },
];

const css = `
:root { color-scheme: light; --fg: #1f2328; --muted: #57606a; --line: #d0d7de; --accent: #0b5cad; --bg-soft: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); }
header { border-bottom: 1px solid var(--line); background: var(--bg-soft); }
header nav { max-width: 68rem; margin: 0 auto; padding: .75rem 1.25rem; display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .9375rem; white-space: nowrap; align-items: baseline; }
header nav .home { font-weight: 700; margin-right: auto; }
header nav .ref { font-weight: 600; }
header a { color: var(--fg); text-decoration: none; }
header a:hover, header a[aria-current="page"] { color: var(--accent); text-decoration: underline; }
main { max-width: 68rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
a { color: var(--accent); }
h1 { font-size: 2rem; line-height: 1.25; margin: 1rem 0; }
h2 { font-size: 1.4rem; margin-top: 2.25rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin-top: 1.75rem; }
code { font: .875em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; background: var(--bg-soft); padding: .1em .3em; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--bg-soft); border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; overflow-x: auto; }
pre code { background: none; padding: 0; overflow-wrap: normal; }
td code, th code { white-space: nowrap; overflow-wrap: normal; }
table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: .4rem .7rem; text-align: left; vertical-align: top; }
th { background: var(--bg-soft); }
blockquote { margin: 1rem 0; padding: .25rem 1rem; border-left: 4px solid #d4a72c; background: #fff8c5; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; margin: 1.5rem 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; }
.card h2 { margin-top: 0; border: 0; font-size: 1.2rem; }
footer { max-width: 68rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; color: var(--muted); font-size: .875rem; border-top: 1px solid var(--line); }
`;

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** A whole page around already-rendered HTML content. */
export function renderPage({ title, file, body, apis }) {
  const link = (href, text) =>
    `<a href="${href}"${href === file ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a>`;
  const nav = [
    `<span class="home">${link('index.html', 'Push and DMP APIs')}</span>`,
    ...apis.map((api) => `<span class="ref">${link(`${api.name}.html`, `${api.title} reference`)}</span>`),
    ...guidePages.map((g) => link(g.file, g.nav)),
    link('changes.html', 'Changes'),
  ].join('\n      ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="icon" href="data:,">
  <style>${css}</style>
</head>
<body>
  <header>
    <nav aria-label="Site">
      ${nav}
    </nav>
  </header>
  <main>
${body}
  </main>
  <footer>Built from the OpenAPI documents in <code>openapi/</code>. Every page works offline: nothing is loaded from another host.</footer>
</body>
</html>
`;
}
