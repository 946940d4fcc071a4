// `pushapi-sandbox apps --server <url> --server <url> …`: which apps a team has across a service of several
// processes. Behind a balancer, GET /control/apps answers from one process only; this asks each process at its own
// address and prints the union, with the process that holds each app.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_APP } from '../shared/config.js';
import { createControlClient, data } from '../shared/control-client.js';
import type { components } from '../generated/schema.js';

type App = components['schemas']['App'];

export const APPS_HELP = `Usage: pushapi-sandbox apps --server <url> [--server <url> …] [--token-file <path>] [--json]

Asks every sandbox process of a service (its own address, not the balancer's) for its apps and prints them
together, each with the process that holds it. The token (the control token, or a team's token: then only that
team's apps) is read from SANDBOX_CONTROL_TOKEN or from --token-file (its first line), never from the command line.
Exit code 1 when a process gave no list (the list is then incomplete, and says which) or when an appid is held
by more than one process.

  --server <url>       a process, such as http://10.0.0.5:4021; repeat for each
  --token-file <path>  read the token from this file
  --json               print {"apps":[{"appid","name","server"}],"unreachable":[{"server","reason"}]}
`;

export interface ProcessApps {
  server: string;
  apps?: App[];
  /** Why the process gave no list (never a token). */
  reason?: string;
}

/** Each process's apps, asked at once; a process that does not answer is reported, not thrown. */
export async function listAppsOfEachProcess(servers: string[], token: string | undefined): Promise<ProcessApps[]> {
  return Promise.all(
    servers.map(async (server): Promise<ProcessApps> => {
      try {
        const control = createControlClient({ baseUrl: server, ...(token ? { token } : {}) });
        const { apps } = await data(control.GET('/apps'));
        return { server, apps };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        return { server, reason: cause ?? (error as Error).message };
      }
    }),
  );
}

/** The union as lines of text: one app a line with its process, then the processes that did not answer. */
export function formatApps(answers: ProcessApps[]): { text: string; complete: boolean } {
  const rows = answers.flatMap(({ server, apps = [] }) =>
    apps.map((app) => ({ appid: app.appid, name: app.name, server })),
  );
  rows.sort((a, b) => a.appid.localeCompare(b.appid) || a.server.localeCompare(b.server));
  const unreachable = answers.filter((a) => a.apps === undefined);
  const held = new Map<string, number>();
  // Each process makes its own default app at start: that one is expected everywhere.
  for (const row of rows) if (row.appid !== DEFAULT_APP.appid) held.set(row.appid, (held.get(row.appid) ?? 0) + 1);
  const twice = [...held].filter(([, n]) => n > 1).map(([appid]) => appid);
  const width = Math.max(5, ...rows.map((r) => r.appid.length));
  const lines = [
    `${rows.length} app${rows.length === 1 ? '' : 's'} in ${answers.length - unreachable.length} of ${answers.length} processes`,
    ...(rows.length > 0 ? [`${'appid'.padEnd(width)}  process`] : []),
    ...rows.map((r) => `${r.appid.padEnd(width)}  ${r.server}`),
    ...unreachable.map((u) => `no list from ${u.server} (${u.reason}): its apps are missing from this list`),
    ...twice.map(
      (appid) => `held by more than one process: ${appid} (each process has its own copy; the balancer reaches one)`,
    ),
  ];
  return { text: lines.join('\n'), complete: unreachable.length === 0 && twice.length === 0 };
}

/** Runs the command; returns the exit code. */
export async function runApps(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: 'string', multiple: true },
      'token-file': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(APPS_HELP);
    return 0;
  }
  const servers = values.server ?? [];
  if (servers.length === 0)
    throw new Error("give each process with --server <url> (its own address, not the balancer's)");
  const file = values['token-file'];
  const token = file !== undefined ? readToken(file) : env.SANDBOX_CONTROL_TOKEN;
  const answers = await listAppsOfEachProcess(servers, token);
  const { text, complete } = formatApps(answers);
  if (values.json) {
    const apps = answers.flatMap(({ server, apps: list = [] }) =>
      list.map((app) => ({ appid: app.appid, name: app.name, server })),
    );
    console.log(
      JSON.stringify(
        { apps, unreachable: answers.filter((a) => !a.apps).map(({ server, reason }) => ({ server, reason })) },
        null,
        2,
      ),
    );
  } else {
    console.log(text);
  }
  return complete ? 0 : 1;
}

export function readToken(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `token file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const firstLine = text.trim().replace(/\r?\n[\s\S]*/, ''); // the line break and all after it go
  const token = firstLine.trim();
  if (token === '') throw new Error(`token file ${file} is empty: write the token on its first line`);
  return token;
}
