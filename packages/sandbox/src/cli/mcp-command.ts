// `pushapi-sandbox mcp …`: the MCP server for coding agents is a package of its own, @pushapi/sandbox-mcp (its
// command: pushapi-sandbox-mcp), so that the sandbox does not carry the MCP SDK. This command runs it when it is
// installed: found from the folder the command runs in (the project that installed both), then from this package's
// own folder. When it is not, the command says what to install and exits 2.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MCP_PACKAGE = '@pushapi/sandbox-mcp';
export const MCP_BIN = 'pushapi-sandbox-mcp';

/** What this command needs of the package: its command's function, which resolves when the client closes stdin. */
export interface McpModule {
  runMcp(args: string[]): Promise<void>;
}

export const MCP_MISSING = `pushapi-sandbox: mcp: the MCP server is the package ${MCP_PACKAGE}, which is not installed here.
Install it beside @pushapi/sandbox (as you installed the sandbox: npm install --save-dev with its tarball until the
first release), then run \`npx pushapi-sandbox mcp\` again, or its own command, \`npx ${MCP_BIN}\` (same options).
`;

/** The folders the package is looked for from, in order: the current folder, then this package's own. */
export const defaultFolders = (): string[] => [process.cwd(), path.dirname(fileURLToPath(import.meta.url))];

/**
 * The folder of the package as Node's ES module resolution finds it from `folder`: the folder itself or one above it
 * that is the package, or holds it in its node_modules. NODE_PATH is not read (imports never read it; package
 * managers' command shims set it, which would find packages the project does not have).
 */
function packageFolderFrom(folder: string): string | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    const inside = path.join(dir, 'node_modules', ...MCP_PACKAGE.split('/'));
    if (fs.existsSync(path.join(inside, 'package.json'))) return inside;
    if (nameAt(dir) === MCP_PACKAGE) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The name in a folder's package.json, if it has one that can be read. */
function nameAt(dir: string): string | undefined {
  try {
    const { name } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown };
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The package's entry file (its `exports`, resolved inside it), found from the first folder that reaches it; undefined when none does. */
export function findMcpPackage(folders: readonly string[]): string | undefined {
  for (const folder of folders) {
    const found = packageFolderFrom(folder);
    // From inside the package, its own name resolves through its `exports` (Node's self-reference).
    if (found) return createRequire(path.join(fs.realpathSync(found), 'package.json')).resolve(MCP_PACKAGE);
  }
  return undefined;
}

export interface McpCommandOptions {
  folders?: readonly string[];
  /** Loads the package's entry (a dynamic import by default). */
  load?: (file: string) => Promise<McpModule>;
  /** Where the message goes when the package is missing (stderr by default). */
  write?: (text: string) => void;
}

/** Runs the MCP server of @pushapi/sandbox-mcp with `args`: exit code 0 when it ends, 2 when it is not installed. */
export async function runMcpCommand(args: string[], options: McpCommandOptions = {}): Promise<number> {
  const file = findMcpPackage(options.folders ?? defaultFolders());
  if (file === undefined) {
    (options.write ?? ((text) => process.stderr.write(text)))(MCP_MISSING);
    return 2;
  }
  const load = options.load ?? ((entry: string) => import(pathToFileURL(entry).href) as Promise<McpModule>);
  const { runMcp } = await load(file);
  await runMcp(args);
  return 0;
}
