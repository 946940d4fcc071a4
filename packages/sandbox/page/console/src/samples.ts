// The request the console sends, written as a `curl` command and as a call of the typed client
// (`push.POST('/push_single', { body })`), with the sandbox's address and the app's appid filled in and credentials
// named by environment variables: the token, the master secret and the auth code never appear.
import type { ApiName, CatalogueOperation } from './catalogue.js';

export interface ConsoleRequest {
  api: ApiName;
  op: CatalogueOperation;
  appid: string;
  /** The sandbox's origin, such as http://127.0.0.1:4020. */
  origin: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** The parsed body, or undefined for none. */
  body: unknown;
}

const quoteShell = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The path with its parameters filled in, and the query (as sent). */
export function requestPath(request: Pick<ConsoleRequest, 'op' | 'path' | 'query'>): string {
  const filled = request.op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.path[name] ?? ''),
  );
  const query = new URLSearchParams(Object.entries(request.query).filter(([, v]) => v !== '')).toString();
  return query ? `${filled}?${query}` : filled;
}

export function requestUrl(request: ConsoleRequest): string {
  return `${request.origin}${mountOf(request)}${requestPath(request)}`;
}

export const mountOf = (request: Pick<ConsoleRequest, 'api' | 'appid'>) =>
  request.api === 'push-v1' ? `/v1/${encodeURIComponent(request.appid)}` : '/dmp';

export function curlCommand(request: ConsoleRequest): string {
  const { op } = request;
  const lines = [
    op.method === 'GET'
      ? `curl ${quoteShell(requestUrl(request))}`
      : `curl -X ${op.method} ${quoteShell(requestUrl(request))}`,
  ];
  if (op.accept) lines.push(`-H ${quoteShell(`Accept: ${op.accept}`)}`);
  if (op.secured)
    lines.push(
      request.api === 'push-v1' ? '-H "authtoken: ${AUTH_TOKEN}"' : '-H "Authorization: Bearer ${ACCESS_TOKEN}"',
    );
  if (request.body !== undefined) {
    lines.push(`-H ${quoteShell('Content-Type: application/json')}`);
    lines.push(`--data ${quoteShell(JSON.stringify(request.body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as TypeScript source, indented under `indent`. */
const literal = (value: unknown, indent: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);

export function clientCall(request: ConsoleRequest): string {
  const { op } = request;
  const push = request.api === 'push-v1';
  const init: string[] = [];
  const params: string[] = [];
  // A parameter is sent as text; the typed client takes it as its schema's type.
  const typed = (p: CatalogueOperation['parameters'][number], text: string): unknown => {
    if ((p.type === 'integer' || p.type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
      return Number(text);
    if (p.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    return text;
  };
  const pathParams = Object.fromEntries(
    op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, typed(p, request.path[p.name] ?? '')]),
  );
  const queryParams = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'query' && (request.query[p.name] ?? '') !== '')
      .map((p) => [p.name, typed(p, request.query[p.name]!)]),
  );
  if (Object.keys(pathParams).length) params.push(`    path: ${literal(pathParams, '    ')},`);
  if (Object.keys(queryParams).length) params.push(`    query: ${literal(queryParams, '    ')},`);
  if (params.length) init.push(`  params: {\n${params.join('\n')}\n  },`);
  if (request.body !== undefined) init.push(`  body: ${literal(request.body, '  ')},`);
  const call = `${push ? 'push' : 'dmp'}.${op.method}('${op.path}'${init.length ? `, {\n${init.join('\n')}\n}` : ''});`;
  const setup = push
    ? [
        "import { createPushClient } from '@pushapi/push-v1-client';",
        '',
        'const push = createPushClient({',
        `  baseUrl: ${JSON.stringify(request.origin)},`,
        `  appId: ${JSON.stringify(request.appid)},`,
        '  appKey: process.env.APPKEY!,',
        '  masterSecret: process.env.MASTER_SECRET!,',
        '});',
      ]
    : [
        "import { createDmpClient } from '@pushapi/dmp-client';",
        '',
        'const dmp = createDmpClient({',
        `  baseUrl: ${JSON.stringify(`${request.origin}/dmp`)},`,
        '  userCode: process.env.USER_CODE!,',
        '  authCode: process.env.AUTH_CODE!,',
        '});',
      ];
  const note =
    op.operationId === 'authSign' || op.operationId === 'getAccessToken'
      ? ['// The client signs in by itself before its first call; this explicit call only tests the credentials.']
      : [];
  return [...setup, '', ...note, `const answer = await ${call}`, 'console.log(answer);'].join('\n');
}
