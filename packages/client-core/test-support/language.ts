// What a user of a client sees in an editor and from tsc: the diagnostics of a snippet, and the hover text at a
// place in it, from the TypeScript language service over the package's tsconfig. Test-only.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Diagnostic {
  /** The source text the error is reported on. */
  at: string;
  message: string;
  related: string[];
}

export interface Snippet {
  diagnostics(): Diagnostic[];
  /** The source texts an editor strikes through: suggestion diagnostics that report a deprecated use. */
  deprecated(): string[];
  /** Quick info (signature and documentation) where `needle` starts, plus `offset`. */
  hover(needle: string, offset?: number): { signature: string; documentation: string; tags: string[] } | undefined;
}

/**
 * `source` as a file in `dir` (so its relative imports resolve; it is never written), checked with the
 * compiler options of `tsconfig`.
 */
export function snippet({ dir, tsconfig }: { dir: string; tsconfig: string }, source: string): Snippet {
  const file = path.join(dir, `snippet-${process.pid}.ts`);
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfig}`);
  const options = { ...config.options, noEmit: true };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === file ? source : fs.existsSync(name) ? fs.readFileSync(name, 'utf8') : undefined;
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => path.dirname(tsconfig),
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? source : ts.sys.readFile(name)),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    // As tsserver does: pnpm links one package from several places, which must stay one set of types.
    ...(ts.sys.realpath ? { realpath: ts.sys.realpath } : {}),
  };
  const service = ts.createLanguageService(host);
  return {
    diagnostics: () =>
      [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) => ({
        at: source.slice(d.start ?? 0, (d.start ?? 0) + (d.length ?? 0)),
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        related: (d.relatedInformation ?? []).map((r) => ts.flattenDiagnosticMessageText(r.messageText, '\n')),
      })),
    deprecated: () =>
      service
        .getSuggestionDiagnostics(file)
        .filter((d) => d.reportsDeprecated)
        .map((d) => source.slice(d.start ?? 0, (d.start ?? 0) + (d.length ?? 0))),
    hover(needle, offset = 1) {
      const at = source.indexOf(needle);
      if (at === -1) throw new Error(`"${needle}" is not in the snippet`);
      const info = service.getQuickInfoAtPosition(file, at + offset);
      return (
        info && {
          signature: ts.displayPartsToString(info.displayParts),
          documentation: ts.displayPartsToString(info.documentation),
          tags: (info.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`.trim()),
        }
      );
    },
  };
}
