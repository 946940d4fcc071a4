// Runs the built command (dist/cli.js) as a child process and reads what it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const cliPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli.js');

export interface RunningCli {
  child: ChildProcess;
  lines: string[];
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the command and waits for its "listening on" line. */
export function startCli(args: string[], env: Record<string, string> = {}): Promise<RunningCli> {
  if (!fs.existsSync(cliPath))
    throw new Error(
      `${cliPath} is missing: build the package first (npx -y pnpm@10.34.9 --filter @pushapi/sandbox run build)`,
    );
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      lines.push(line);
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve({ child, lines, url: match[1]!, exited });
    };
    readline.createInterface({ input: child.stdout! }).on('line', onLine);
    readline.createInterface({ input: child.stderr! }).on('line', onLine);
    void exited.then(({ code }) =>
      reject(new Error(`the sandbox exited (${code}) before listening:\n${lines.join('\n')}`)),
    );
  });
}

/** Runs the command to its end and returns its exit code and output. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
