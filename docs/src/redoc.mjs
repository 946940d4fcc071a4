// Builds one self-contained Redoc reference page with `redocly build-docs --inlineBundle`, then
// removes the one remote resource the inlined Redoc 3 bundle still loads at view time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redocly = path.join(docsDir, 'node_modules', '.bin', 'redocly');
const config = path.join(docsDir, 'redocly.yaml');
const template = path.join(docsDir, 'templates', 'reference.hbs');

// Redoc 3.0.1 renders its "API docs by" attribution as an <img> whose src is a logo on Redocly's
// CDN, with no option to turn it off. Offline that request fails (a console error) and online it
// leaks a request, so the build points it at an inline SVG of the same word mark instead.
const remoteLogos = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const inlineLogo =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="16" viewBox="0 0 52 16">' +
      '<text x="0" y="12" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#0044d4">Redocly</text></svg>',
  );

export function buildRedocPage({ input, output, title }) {
  const res = spawnSync(
    redocly,
    [
      'build-docs',
      input,
      '--output',
      output,
      '--inlineBundle',
      '--title',
      title,
      '--template',
      template,
      '--config',
      config,
      '--lint-config',
      'error',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (res.error) throw res.error;
  if (res.status !== 0) {
    process.stderr.write(res.stdout + res.stderr);
    throw new Error(`redocly build-docs failed for ${path.basename(input)} (exit code ${res.status})`);
  }
  let html = fs.readFileSync(output, 'utf8');
  for (const url of remoteLogos) {
    // Fail loudly if a Redoc upgrade moved the logo: the browser test would otherwise catch it later.
    if (!html.includes(url))
      throw new Error(`expected Redoc's remote logo ${url} in ${output}; check the Redoc version`);
    html = html.split(url).join(inlineLogo);
  }
  fs.writeFileSync(output, html);
}
