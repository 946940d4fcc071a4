// Writes lib/walk.d.mts from the JSDoc types of lib/walk.mjs (TypeScript's declaration emit), so that the types
// consumers import are the ones `tsc` checks the code against: one source, no hand-written copy to drift.
//   node scripts/walk-types.mjs           write lib/walk.d.mts
//   node scripts/walk-types.mjs --check   exit 1 when the committed lib/walk.d.mts is not what the code gives
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'lib/walk.d.mts');
const HEADER =
  '// Generated from the JSDoc of walk.mjs by scripts/walk-types.mjs: do not edit; edit walk.mjs and run it.\n';

/** The declarations TypeScript emits for lib/walk.mjs, with the header. */
export function emitted() {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'walk-types-'));
  try {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [
        tsc,
        '-p',
        path.join(root, 'tsconfig.json'),
        '--noEmit',
        'false',
        '--declaration',
        '--emitDeclarationOnly',
        '--outDir',
        out,
      ],
      { stdio: 'inherit' },
    );
    return HEADER + fs.readFileSync(path.join(out, 'walk.d.mts'), 'utf8');
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const text = emitted();
  if (process.argv.includes('--check')) {
    if (fs.readFileSync(target, 'utf8') !== text) {
      console.error(
        'drift: openapi/lib/walk.d.mts is not what walk.mjs gives; run node openapi/scripts/walk-types.mjs and commit it.',
      );
      process.exit(1);
    }
    console.log('walk.d.mts matches walk.mjs');
  } else {
    fs.writeFileSync(target, text);
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
}
