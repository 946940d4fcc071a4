// `pushapi-sandbox mcp`: the MCP server is the package @pushapi/sandbox-mcp. Installed (found from the folder the
// command runs in), the command runs its `runMcp` with the arguments; not installed, it exits 2 naming the package
// to install and its own command. (The real package over stdio: packages/sandbox-mcp/test/mcp.test.ts.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMcpPackage, MCP_BIN, MCP_PACKAGE, runMcpCommand } from '../../src/cli/mcp-command.js';
import { cliPath } from '../support/cli.js';

const folders: string[] = [];
/** A new folder of the system's temporary folder, where no node_modules above holds the package. */
function emptyFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pushapi-mcp-command-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project with a stand-in @pushapi/sandbox-mcp installed: its runMcp records the arguments it is given. */
function projectWithPackage(): string {
  const dir = emptyFolder();
  const pkg = path.join(dir, 'node_modules', '@pushapi', 'sandbox-mcp');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: MCP_PACKAGE, version: '0.0.0', type: 'module', exports: { '.': './index.js' } }),
  );
  fs.writeFileSync(
    path.join(pkg, 'index.js'),
    'export async function runMcp(args) { globalThis.mcpCommandArgs = args; }\n',
  );
  return dir;
}

describe('pushapi-sandbox mcp', () => {
  it('runs the installed package with the arguments given after mcp', async () => {
    const project = projectWithPackage();
    expect(findMcpPackage([project])).toBe(
      path.join(fs.realpathSync(project), 'node_modules', '@pushapi', 'sandbox-mcp', 'index.js'),
    );
    const code = await runMcpCommand(['--url', 'http://127.0.0.1:4020'], { folders: [emptyFolder(), project] });
    expect(code).toBe(0);
    expect((globalThis as { mcpCommandArgs?: string[] }).mcpCommandArgs).toEqual(['--url', 'http://127.0.0.1:4020']);
  });

  it('without the package: exit code 2, naming the package to install and its command; nothing is loaded', async () => {
    const written: string[] = [];
    const loaded: string[] = [];
    const code = await runMcpCommand(['--help'], {
      folders: [emptyFolder()],
      load: async (file) => {
        loaded.push(file);
        return { runMcp: async () => {} };
      },
      write: (text) => written.push(text),
    });
    expect(code).toBe(2);
    expect(loaded).toEqual([]);
    expect(written.join('')).toContain(`the MCP server is the package ${MCP_PACKAGE}, which is not installed here`);
    expect(written.join('')).toContain(`npx ${MCP_BIN}`);
  });

  it('the built command, run where the package is not installed, exits 2 with that message', async () => {
    const child = spawn(process.execPath, [cliPath, 'mcp', '--help'], {
      cwd: emptyFolder(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(output).toContain(`${MCP_PACKAGE}, which is not installed here`);
    expect(output).toContain(MCP_BIN);
    expect(code).toBe(2);
  });
});
