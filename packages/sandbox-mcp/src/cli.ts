#!/usr/bin/env node
// `pushapi-sandbox-mcp [--url <origin>] [--token <token>] [--docs <dir>]`: the MCP server over stdio until the
// client closes stdin; exit code 2 with the reason on a bad option or a failed start.
import { runMcp } from './start.js';

try {
  await runMcp(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  console.error(`pushapi-sandbox-mcp: ${error instanceof Error ? error.message : String(error)}\n(see --help)`);
  process.exit(2);
}
