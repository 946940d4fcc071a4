// Type-checks the TypeScript example of a package README against the package's source, so that the
// documented example cannot drift from the API. Test-only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/** Returns the compiler's messages for the first ```ts block of `readme` (empty when it compiles). */
export function typecheckReadmeExample(options: {
  readme: string;
  packageName: string;
  entry: string;
  tsconfig: string;
}): string[] {
  const text = fs.readFileSync(options.readme, 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) return ['README has no ```ts example'];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-example-'));
  const file = path.join(dir, 'example.ts');
  // The example imports the package by name; point that import at the source entry.
  const entry = options.entry.replace(/\.ts$/, '.js');
  fs.writeFileSync(file, `${block.split(`'${options.packageName}'`).join(JSON.stringify(entry))}\nexport {};\n`);
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  try {
    const config = ts.readConfigFile(options.tsconfig, (p) => ts.sys.readFile(p));
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(options.tsconfig));
    const program = ts.createProgram([file], { ...parsed.options, noEmit: true });
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file || !d.file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
