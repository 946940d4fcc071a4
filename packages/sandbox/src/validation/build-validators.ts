// Run by `pnpm build` after tsup: writes the standalone validators (standalone.ts) to dist/validators/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listOperations, loadDocuments } from '../start/documents.js';
import { standaloneModules } from './standalone.js';

const documents = loadDocuments();
const dir = fileURLToPath(new URL('./validators/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const [name, code] of Object.entries(standaloneModules(documents, listOperations(documents))))
  writeFileSync(`${dir}${name}`, code);
console.log(`standalone validators written to ${dir}`);
