// Serves the built site on http://127.0.0.1:<port>/ (default 8080; PORT overrides). Stop with Ctrl+C.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'site');
if (!fs.existsSync(path.join(site, 'index.html'))) {
  console.error('docs/site is not built yet: run `pnpm run docs` in docs/ (or `pnpm run build` at the root).');
  process.exit(1);
}
const { url } = await startStaticServer(site, Number(process.env.PORT ?? 8080));
console.log(`Serving docs/site at ${url}/ (Ctrl+C to stop)`);
