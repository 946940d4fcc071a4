// The API reference under /docs/: the site the docs package builds (docs/site), served as its plain files, so that
// its "Try it in the sandbox" links reach the console of this same origin. The sandbox package does not ship the
// site (the docs package is built after it, from its build): in the workspace the sandbox serves docs/site when it
// has been built, anywhere else the folder given (`docsDir`, `--docs`); without one, /docs/ says how to get it.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { packageDir } from './package-dir.js';
import { fileInside, type PageServer } from './page-files.js';
import { must } from '../shared/must.js';

const HTML_TYPE = 'text/html; charset=utf-8';
const TYPES: Record<string, string> = {
  '.html': HTML_TYPE,
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // The reference as text for coding agents: llms.txt, llms-full.txt and a Markdown page per operation and guide.
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

// The reference pages are self-contained: Redoc and its styles are inline, its search runs in a blob: worker. They
// fetch nothing (connect-src 'none'), so a page of the reference cannot call the control API.
const CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; font-src data:; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

/** The reference built in the workspace this package runs from (packages/sandbox/dist -> docs/site), if any. */
export function workspaceDocsDir(): string | undefined {
  const root = path.resolve(packageDir(), '..', '..');
  const site = path.join(root, 'docs', 'site');
  const inWorkspace =
    fs.existsSync(path.join(root, 'pnpm-workspace.yaml')) && path.basename(path.dirname(packageDir())) === 'packages';
  return inWorkspace && fs.existsSync(path.join(site, 'index.html')) ? site : undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const missing = (
  dir: string | undefined,
) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>pushapi sandbox: reference</title>
<body><h1>API reference</h1>
<p>${
  dir
    ? `The reference folder <code>${escapeHtml(dir)}</code> has no <code>index.html</code>.`
    : 'This sandbox serves no reference: the package does not ship it.'
} In the pushapi workspace, build it with <code>npx -y pnpm@10.34.9 run build</code> (it lands in <code>docs/site/</code>) and
start the sandbox again; elsewhere, start the sandbox with <code>--docs &lt;folder&gt;</code> naming a built site.</p>
<p>The <a href="/console/">console</a> and the <a href="/">inbox page</a> work without it.</p></body></html>`;

/** Serves a built reference site at /docs/ (the folder's files as they are, nothing outside it). */
export function docsSite(dir: string | undefined): PageServer {
  const root = dir === undefined ? undefined : path.resolve(dir);
  const ready = root !== undefined && fs.existsSync(path.join(root, 'index.html'));
  return {
    handles: (pathname) => pathname === '/docs' || pathname.startsWith('/docs/'),
    serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
      if (pathname === '/docs') {
        res.writeHead(308, { location: '/docs/', 'content-length': 0 });
        res.end();
        return;
      }
      const end = (status: number, type: string, body: Buffer | string) => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...HEADERS });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      if (!ready) return end(pathname === '/docs/' ? 200 : 404, HTML_TYPE, missing(root));
      let relative: string;
      try {
        relative = decodeURIComponent(pathname.slice('/docs/'.length)) || 'index.html';
      } catch {
        return end(400, 'text/plain; charset=utf-8', 'bad path');
      }
      const full = fileInside(root, relative);
      const type = full && TYPES[path.extname(full)];
      if (full && type) return end(200, type, fs.readFileSync(full));
      end(404, 'text/plain; charset=utf-8', 'not found');
    },
  };
}

/** Several page servers as one: the first that handles a path serves it. */
export function pages(...servers: PageServer[]): PageServer {
  return {
    handles: (pathname) => servers.some((s) => s.handles(pathname)),
    serve: (req, res, pathname) =>
      must(
        servers.find((s) => s.handles(pathname)),
        'the pipeline serves a page path only after handles() said one of them does',
      ).serve(req, res, pathname),
  };
}
