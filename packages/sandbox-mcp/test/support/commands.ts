// The two commands that start this package's server, built: its own (dist/cli.js, the bin pushapi-sandbox-mcp) and
// the sandbox's (`pushapi-sandbox mcp`, @pushapi/sandbox's dist/cli.js), run as child processes from this package's
// folder, where the sandbox's command finds this package (Node resolves a package's own name inside it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ownCliPath = path.join(packageDir, 'dist', 'cli.js');
/** The sandbox's command, as this package's dependency resolves it. */
export const sandboxCliPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@pushapi/sandbox/package.json')),
  'dist',
  'cli.js',
);

function built(file: string, name: string): string {
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build ${name} first (npx -y pnpm@10.34.9 --filter ${name}... run build)`);
  return file;
}

const cliOf = (via: 'own' | 'sandbox') =>
  via === 'own' ? built(ownCliPath, '@pushapi/sandbox-mcp') : built(sandboxCliPath, '@pushapi/sandbox');

/** The command and arguments that start the server over stdio: `pushapi-sandbox-mcp …` or `pushapi-sandbox mcp …`. */
export function serverCommand(args: string[], via: 'own' | 'sandbox'): { command: string; args: string[] } {
  return { command: process.execPath, args: [cliOf(via), ...(via === 'sandbox' ? ['mcp'] : []), ...args] };
}

/** Runs a command (this package's, or the sandbox's with its own arguments) to its end: exit code and output. */
export function runCommand(
  args: string[],
  via: 'own' | 'sandbox' = 'own',
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [cliOf(via), ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
