// The inbox page at `/`: the files the page build writes into dist/page/, served as they are. Until that build
// has run, a short page says where everything is.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageDir } from './package-dir.js';

export interface PageServer {
  handles(pathname: string): boolean;
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): void;
}

const HTML_TYPE = 'text/html; charset=utf-8';
const TYPES: Record<string, string> = {
  '.html': HTML_TYPE,
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

/** The built page of this package: dist/page/ (beside the running code when built, in the package's folder from the sources). */
export function defaultPageDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const besideCode = path.join(here, 'page');
  const inPackage = path.join(packageDir(), 'dist', 'page');
  return [besideCode, inPackage].find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? besideCode;
}

// The page loads its own files and talks to the control API on this origin only; images that messages name may
// come from anywhere (the page fetches them only when the reader allows it).
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src * data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const FALLBACK = `<!doctype html><html lang="en"><meta charset="utf-8"><title>pushapi sandbox</title>
<body><h1>pushapi sandbox</h1><p>The inbox page has not been built (run the package's build).</p>
<ul><li>push v1: <code>/v1/&lt;appid&gt;/</code></li><li>DMP: <code>/dmp</code></li><li>control API: <code>/control</code></li></ul></body></html>`;

/**
 * The file `relative` names inside `root`, or undefined when there is none or it lies outside: the real paths are
 * compared (symlinks resolved), so a link inside the folder to a file outside it is outside.
 */
export function fileInside(root: string, relative: string): string | undefined {
  if (relative.includes('\0')) return undefined;
  try {
    const realRoot = fs.realpathSync(root);
    const real = fs.realpathSync(path.resolve(realRoot, relative));
    return real.startsWith(realRoot + path.sep) && fs.statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined; // missing, or a link to nowhere
  }
}

export function staticPage(dir = defaultPageDir()): PageServer {
  return {
    handles: (pathname) =>
      pathname === '/' ||
      pathname.startsWith('/assets/') ||
      pathname === '/favicon.ico' ||
      pathname === '/console' ||
      pathname.startsWith('/console/'),
    serve(req, res, pathname) {
      // The console (page/console/): its page at /console/, and the operations catalogue the build wrote beside it.
      if (pathname === '/console') {
        res.writeHead(308, { location: '/console/', 'content-length': 0 });
        res.end();
        return;
      }
      const file =
        pathname === '/' ? 'index.html' : pathname === '/console/' ? 'console/index.html' : pathname.slice(1);
      const full = fileInside(dir, file);
      if (full) {
        const body = fs.readFileSync(full);
        res.writeHead(200, {
          'content-type': TYPES[path.extname(full)] ?? 'application/octet-stream',
          'content-length': body.length,
          'cache-control': 'no-cache',
          ...SECURITY_HEADERS,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      } else if (pathname === '/') {
        res.writeHead(200, {
          'content-type': HTML_TYPE,
          'content-length': Buffer.byteLength(FALLBACK),
          ...SECURITY_HEADERS,
        });
        res.end(req.method === 'HEAD' ? undefined : FALLBACK);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found');
      }
    },
  };
}
