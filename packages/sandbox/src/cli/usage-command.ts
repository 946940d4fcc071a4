// `pushapi-sandbox usage --server <url> … [--team <prefix>] --out <file>`: every app's usage ledger from every process
// of a service, in one file (usage.schema.json) for `api-diff --usage <file>`. Like `apps` (apps-command.ts), it asks
// each process at its own address: behind a balancer, each app's ledger lives on its home process only.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { listAppsOfEachProcess, readToken } from './apps-command.js';
import { createControlClient, data } from '../shared/control-client.js';
import type { components } from '../generated/schema.js';

/**
 * The file, as openapi/sandbox/components/schemas/UsageFile.yaml describes it (no operation answers it, so it has
 * no generated type; each ledger's is generated, and the tests check a written file against usage.schema.json).
 */
export interface UsageFile {
  collectedAt: string;
  team: string | null;
  servers: { server: string; apps: number; reason?: string }[];
  apps: (components['schemas']['UsageLedger'] & { server: string })[];
}

export const USAGE_HELP = `Usage: pushapi-sandbox usage [--server <url> …] [--team <prefix>] --out <file> [--token-file <path>]

Collects the usage ledger of every app (GET /control/apps/{appid}/usage) from every process of a service into one
JSON file (the schema: @pushapi/sandbox/usage.schema.json), which \`api-diff --usage <file>\` reads to say which apps
each document change hits. Apps that made no push v1 or DMP call are left out. The token is read from
SANDBOX_CONTROL_TOKEN or --token-file (its first line), never from the command line. Exit code 1 when a process gave
no ledgers (the file says which).

  --server <url>       a process, such as http://10.0.0.5:4021; repeat for each (default http://127.0.0.1:4020)
  --team <prefix>      only the apps whose appid starts with it
  --out <file>         where to write the file
  --token-file <path>  read the token from this file
`;

/** The ledgers of one process's apps (those of the team, when given) that made a call. */
async function ledgersOf(server: string, appids: string[], token: string | undefined) {
  const control = createControlClient({ baseUrl: server, ...(token ? { token } : {}) });
  const ledgers = await Promise.all(
    appids.map((appid) => data(control.GET('/apps/{appid}/usage', { params: { path: { appid } } }))),
  );
  return ledgers.filter((l) => l.operations.length > 0).map((l) => ({ ...l, server }));
}

/** Asks every process; a process that does not answer is named in `servers` with its reason, never thrown. */
export async function collectUsage(
  servers: string[],
  team: string | undefined,
  token: string | undefined,
): Promise<UsageFile> {
  const lists = await listAppsOfEachProcess(servers, token);
  const file: UsageFile = { collectedAt: new Date().toISOString(), team: team ?? null, servers: [], apps: [] };
  for (const { server, apps, reason } of lists) {
    const appids = (apps ?? []).map((a) => a.appid).filter((id) => team === undefined || id.startsWith(team));
    try {
      const ledgers = apps ? await ledgersOf(server, appids, token) : [];
      file.servers.push({ server, apps: ledgers.length, ...(reason ? { reason } : {}) });
      file.apps.push(...ledgers);
    } catch (error) {
      file.servers.push({ server, apps: 0, reason: (error as Error).message });
    }
  }
  file.apps.sort((a, b) => a.appid.localeCompare(b.appid) || a.server.localeCompare(b.server));
  return file;
}

/** Runs the command; returns the exit code. */
export async function runUsage(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: 'string', multiple: true },
      team: { type: 'string' },
      out: { type: 'string' },
      'token-file': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE_HELP);
    return 0;
  }
  if (!values.out) throw new Error('give the file to write with --out <file>');
  const servers = values.server ?? ['http://127.0.0.1:4020'];
  const token = values['token-file'] !== undefined ? readToken(values['token-file']) : env.SANDBOX_CONTROL_TOKEN;
  const file = await collectUsage(servers, values.team, token);
  writeFileSync(values.out, `${JSON.stringify(file, null, 2)}\n`);
  const missing = file.servers.filter((s) => s.reason !== undefined);
  console.log(
    `${file.apps.length} ledgers from ${servers.length - missing.length} of ${servers.length} processes written to ${values.out}`,
  );
  for (const s of missing) console.log(`no ledgers from ${s.server} (${s.reason}): its apps are missing from the file`);
  return missing.length === 0 ? 0 : 1;
}
