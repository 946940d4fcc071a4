// Builds the inbox page into dist/page/: index.html, assets/app.js (Preact and the page, one minified bundle),
// assets/app.css and assets/icon.svg. Nothing is loaded from another host. Prints each file's size, raw and
// gzipped, and fails when the page is over its weight budget.
// Usage: node page/build.mjs [--out <dir>]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { catalogue } from './console/catalogue.mjs';

const pageDir = path.dirname(fileURLToPath(import.meta.url));
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.resolve(pageDir, '..', 'dist', 'page');

const budget = JSON.parse(fs.readFileSync(path.join(pageDir, 'budget.json'), 'utf8')).gzipBytes;

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });

/** How both pages (the inbox page and the console) are bundled: each entry to its own file, for today's browsers. */
const pageBuild = {
  entryNames: '[name]',
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome123', 'firefox120', 'safari17.5'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: path.join(pageDir, 'tsconfig.json'),
};

await build({
  ...pageBuild,
  entryPoints: { app: path.join(pageDir, 'src', 'main.tsx'), 'app-style': path.join(pageDir, 'src', 'styles.css') },
  outdir: path.join(outDir, 'assets'),
});
fs.renameSync(path.join(outDir, 'assets', 'app-style.css'), path.join(outDir, 'assets', 'app.css'));

// The console (/console/): its own bundle and styles beside its page, and the catalogue of operations read from the
// documents (console/catalogue.mjs). It has a budget of its own (console/budget.json).
const consoleOut = path.join(outDir, 'console');
await build({
  ...pageBuild,
  entryPoints: {
    console: path.join(pageDir, 'console', 'src', 'main.tsx'),
    'console-style': path.join(pageDir, 'console', 'console.css'),
  },
  outdir: consoleOut,
});
fs.renameSync(path.join(consoleOut, 'console-style.css'), path.join(consoleOut, 'console.css'));
fs.copyFileSync(path.join(pageDir, 'console', 'index.html'), path.join(consoleOut, 'index.html'));
fs.writeFileSync(path.join(consoleOut, 'catalogue.json'), JSON.stringify(catalogue()));
const consoleBudget = JSON.parse(fs.readFileSync(path.join(pageDir, 'console', 'budget.json'), 'utf8')).gzipBytes;
for (const file of ['index.html', 'icon.svg']) {
  fs.copyFileSync(
    path.join(pageDir, file),
    path.join(outDir, file === 'index.html' ? file : path.join('assets', file)),
  );
}

const files = fs.readdirSync(outDir, { recursive: true }).filter((f) => fs.statSync(path.join(outDir, f)).isFile());
let total = 0;
let consoleTotal = 0;
for (const file of files.sort()) {
  const body = fs.readFileSync(path.join(outDir, file));
  const gz = gzipSync(body, { level: 9 }).length;
  if (file.startsWith(`console${path.sep}`)) consoleTotal += gz;
  else total += gz;
  console.log(`page: ${file.padEnd(20)} ${String(body.length).padStart(7)} B, ${String(gz).padStart(6)} B gzipped`);
}
console.log(
  `page: total ${total} B gzipped (budget ${budget} B); console ${consoleTotal} B gzipped (budget ${consoleBudget} B)`,
);
if (consoleTotal > consoleBudget) {
  console.error(`page: the console is over its budget by ${consoleTotal - consoleBudget} B`);
  process.exit(1);
}
if (total > budget) {
  console.error(`page: over budget by ${total - budget} B`);
  process.exit(1);
}
