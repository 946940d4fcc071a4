// `pushapi-sandbox-mcp` (and `pushapi-sandbox mcp`, which runs it): the MCP server over stdio, for a sandbox already
// running (--url, --token) or for one it starts in this process. Stdout carries the protocol only; what a person
// should read goes to stderr.
import fs from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from 'node:util';
import { startSandbox, type Sandbox } from '@pushapi/sandbox';
import { workspaceDocsDir } from '@pushapi/sandbox/documents';
import { createMcpServer } from './server.js';

/** This package's version (its package.json, one folder above dist/ and src/ alike). */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const MCP_HELP = `Usage: pushapi-sandbox-mcp [options]     (or: pushapi-sandbox mcp [options])

An MCP server (stdio) whose tools create apps and devices, send push v1 requests, and read what each device shows.

  --url <origin>     a running sandbox, such as http://127.0.0.1:4020 (SANDBOX_URL); without it, one is
                     started in this process, in memory, on a free port of 127.0.0.1
  --token <token>    that sandbox's control token, when it has one (SANDBOX_CONTROL_TOKEN), or an app token
                     (--app-token of the sandbox): the tools then reach only the apps of its prefix
  --docs <dir>       a built reference site: served at /docs/ by the sandbox started here, and its llms.txt and
                     guides offered as resources (default: the workspace's docs/site; SANDBOX_DOCS)
  --help             this text
`;

/** Runs the server until its client closes stdin; resolves then. */
export async function runMcp(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      docs: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(MCP_HELP);
    return;
  }
  const env = process.env;
  const url = values.url ?? env.SANDBOX_URL;
  const token = values.token ?? env.SANDBOX_CONTROL_TOKEN;
  const siteDir = values.docs ?? env.SANDBOX_DOCS ?? workspaceDocsDir();
  const { origin, started } = url
    ? { origin: url.replace(/\/+$/, ''), started: undefined }
    : await startHere(siteDir, token);
  const mcp = createMcpServer({
    url: origin,
    ...(token ? { token } : {}),
    ...(siteDir ? { siteDir } : {}),
    version: VERSION,
  });
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await mcp.connect(new StdioServerTransport());
  process.stderr.write(
    `pushapi-sandbox-mcp ${VERSION}: serving MCP on stdio for the sandbox at ${origin}${started ? ' (started here, in memory)' : ''}; inbox page ${origin}/\n`,
  );
  await closed;
  await mcp.close();
  await started?.stop();
}

/** A sandbox started in this process, in memory, on a free port of 127.0.0.1, and its origin. */
async function startHere(
  siteDir: string | undefined,
  token: string | undefined,
): Promise<{ origin: string; started: Sandbox }> {
  const started = await startSandbox({
    port: 0,
    ...(siteDir ? { docsDir: siteDir } : {}),
    ...(token ? { controlToken: token } : {}),
  });
  return { origin: started.url, started };
}
