// Sends any push v1 operation as an app: the body is checked first against the push v1 document (a refused body
// answers with its violations, each naming its field, and nothing is sent), a requestid is filled in where the
// document requires one and the body leaves it out, the server signs in for the app (auth_sign with the app's
// credentials, read from the control API and never shown), and the service's answer comes back as sent.
import { randomUUID } from 'node:crypto';
import { listOperations, requestExample, type OperationEntry } from '@pushapi/openapi/walk';
import { pushSign } from '@pushapi/push-v1-client';
import { type components, MOUNTS, must } from '@pushapi/sandbox/client';
import { controlInput, operationNamed } from '../schemas.js';
import { faultText, faultThatAnswered } from '../fault-text.js';
import { readOperationId } from '../operation-names.js';
import { callControl, errorText, text, toolError, type McpContext, type Tool, type ToolAnswer } from '../tool.js';
import { warningLines } from './reference.js';

type Schemas = components['schemas'];
type Violation = Schemas['Violation'];

interface PushRequest {
  appid: string;
  entry: OperationEntry;
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

async function check(context: McpContext, request: PushRequest): Promise<Schemas['RequestCheckResult']> {
  const body = {
    api: 'push-v1',
    operationId: request.entry.operationId,
    appid: request.appid,
    path: request.path,
    query: request.query,
    ...(request.body === undefined ? {} : { body: request.body }),
  };
  return callControl<Schemas['RequestCheckResult']>(
    context,
    operationNamed(context.documents.sandbox, 'checkRequest'),
    { body },
  );
}

/** The body with a new requestid wherever a violation says one is required and missing (as the clients fill it). */
function fillRequestIds(body: unknown, violations: Violation[]): { body: unknown; filled: string[] } {
  const missing = violations.filter(
    (v) => v.code === 'required' && v.location[0] === 'body' && v.location.at(-1) === 'requestid',
  );
  if (missing.length === 0 || !body || typeof body !== 'object') return { body, filled: [] };
  const copy = structuredClone(body) as Record<string, unknown>;
  const filled: string[] = [];
  for (const v of missing) {
    let node: unknown = copy;
    for (const segment of v.location.slice(1, -1)) node = (node as Record<string, unknown> | undefined)?.[segment];
    if (!node || typeof node !== 'object') continue;
    const id = randomUUID().replaceAll('-', '');
    (node as Record<string, unknown>).requestid = id;
    filled.push(`${v.location.join('.')} = ${id}`);
  }
  return { body: copy, filled };
}

async function post(context: McpContext, request: PushRequest, token: string | undefined, body: unknown) {
  const path = request.entry.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.path[name] ?? ''),
  );
  const query = new URLSearchParams(request.query).toString();
  const url = `${context.url}${MOUNTS.push}/${encodeURIComponent(request.appid)}${path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(token ? { authtoken: token } : {}),
  };
  const response = await fetch(url, {
    method: request.entry.method.toUpperCase(),
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = await response.text();
  let answer: unknown = raw;
  try {
    answer = raw ? JSON.parse(raw) : undefined;
  } catch {
    // Not JSON (an injected HTTP fault, say): the text as it came.
  }
  return {
    status: response.status,
    answer,
    line: `${request.entry.method.toUpperCase()} ${MOUNTS.push}/${request.appid}${path}`,
  };
}

/** The auth_sign body for the app, signed with its credentials on its own clock. */
async function signBody(context: McpContext, appid: string) {
  const doc = context.documents.sandbox;
  const [credentials, clock] = await Promise.all([
    callControl<Schemas['Credentials']>(context, operationNamed(doc, 'getCredentials'), { path: { appid } }),
    callControl<Schemas['Clock']>(context, operationNamed(doc, 'getClock'), { path: { appid } }),
  ]);
  context.secrets.add(credentials.mastersecret, credentials.dmp.authCode);
  const timestamp = String(Math.round(clock.now));
  return {
    // Signed as a team's code signs, with the push client's pushSign (bundled in: tsup.config.ts).
    sign: await pushSign(credentials.appkey, timestamp, credentials.mastersecret),
    timestamp,
    appkey: credentials.appkey,
  };
}

async function signIn(context: McpContext, appid: string, signEntry: OperationEntry): Promise<string> {
  const sent = await post(
    context,
    { appid, entry: signEntry, path: {}, query: {}, body: undefined },
    undefined,
    await signBody(context, appid),
  );
  const answer = sent.answer as { result?: string; desc?: string; auth_token?: string } | undefined;
  if (sent.status !== 200 || answer?.result !== 'ok' || !answer.auth_token) {
    throw new Error(`signing in for app ${appid} failed: HTTP ${sent.status}, ${JSON.stringify(answer)}`);
  }
  context.secrets.add(answer.auth_token);
  context.pushTokens.set(appid, answer.auth_token);
  return answer.auth_token;
}

async function send(context: McpContext, request: PushRequest, signEntry: OperationEntry) {
  const id = request.entry.operationId;
  if (id === 'authSign') return post(context, request, undefined, await signBody(context, request.appid));
  const secured =
    ((request.entry.operation.security ?? context.documents['push-v1'].security ?? []) as unknown[]).length > 0;
  const held = context.pushTokens.get(request.appid);
  let sent = await post(
    context,
    request,
    secured ? (held ?? (await signIn(context, request.appid, signEntry))) : undefined,
    request.body,
  );
  // A token the app no longer takes (expired on its clock, closed): sign in once more and send again.
  if (secured && held && (sent.answer as { result?: string } | undefined)?.result === 'not_auth') {
    sent = await post(context, request, await signIn(context, request.appid, signEntry), request.body);
  }
  if (id === 'authClose') context.pushTokens.delete(request.appid);
  return sent;
}

export function pushTools(documents: McpContext['documents']): Tool[] {
  const pushDoc = documents['push-v1'];
  const operations = listOperations(pushDoc);
  const signEntry = operationNamed(pushDoc, 'authSign');
  // The input is the check's (RequestCheck of the sandbox document) for push v1, with the app it is sent as.
  const checkInput = controlInput(documents.sandbox, 'checkRequest').schema.properties as Record<
    string,
    Record<string, unknown>
  >;
  const appid = controlInput(documents.sandbox, 'getApp').schema.properties as Record<string, unknown>;
  const inputSchema = {
    type: 'object',
    properties: {
      appid: appid.appid,
      operationId: {
        ...checkInput.operationId,
        enum: operations.map((e) => e.operationId),
        description:
          "The push v1 operationId (lookup_operation gives its rules and a valid example body); the path's name, such as push_single, is read as its operationId.",
      },
      path: checkInput.path,
      query: checkInput.query,
      body: {
        ...checkInput.body,
        description:
          'The JSON body, as the push v1 document describes it (lookup_operation gives a valid example). auth_sign needs none: the server signs for the app.',
      },
    },
    required: ['appid', 'operationId'],
    additionalProperties: false,
  };
  return [
    {
      name: 'send_push',
      title: 'Send a push v1 request as an app',
      description:
        'Sends any push v1 operation (pushSingle, pushApp, bindAlias, ...) as an app of the sandbox, and answers the ' +
        "service's answer. The body is checked first: a body that breaks the document is not sent, and the answer " +
        'lists each violation at its field. A requestid the document requires and the body leaves out is filled in ' +
        'with a new one. The server signs in for the app by itself (the token is never shown). An accepted push comes ' +
        'with the push check: warnings of what a phone will do with it (an iOS device shows only push_info.aps.alert; ' +
        "a long title is cut on Android; ...). pushTime (yyyyMMddHHmm) is in the app's time zone, " +
        'settings.utcOffsetMinutes (default 480: UTC+08:00). An answer made by a fault of add_fault says so. Nothing ' +
        'reaches a real phone: read_inbox shows what the device received.',
      inputSchema,
      example: {
        appid: 'checkout-tests',
        operationId: 'pushSingle',
        body: requestExample(pushDoc, operationNamed(pushDoc, 'pushSingle'))?.value,
      },
      prepare(args) {
        if (typeof args.operationId !== 'string') return { args, notes: [] };
        const read = readOperationId(documents, 'push-v1', args.operationId, 'operationId');
        if ('refusal' in read) return `Not sent: ${read.refusal}`;
        return { args: { ...args, operationId: read.operationId }, notes: read.note ? [read.note] : [] };
      },
      async run(args, context) {
        const entry = must(
          operations.find((e) => e.operationId === args.operationId),
          "send_push's input was checked against its schema, whose operationId is one of these operations",
        );
        const request: PushRequest = {
          appid: String(args.appid),
          entry,
          path: (args.path ?? {}) as Record<string, string>,
          query: (args.query ?? {}) as Record<string, string>,
          body: args.body,
        };
        try {
          const checked = await checkAndFill(context, request);
          if (typeof checked === 'string') return toolError(checked);
          return await sendAndTell(context, request, signEntry, checked);
        } catch (error) {
          return toolError(errorText(error, context.url));
        }
      },
    },
  ];
}

/** The request checked (a requestid filled in where one is missing): the refusal's text, or the check's warnings and the ids filled in. */
async function checkAndFill(
  context: McpContext,
  request: PushRequest,
): Promise<string | { warnings: Schemas['PushWarning'][]; filled: string[] }> {
  if (request.entry.operationId === 'authSign') return { warnings: [], filled: [] };
  let result = await check(context, request);
  const filled = fillRequestIds(request.body, result.violations);
  if (filled.filled.length > 0) {
    request.body = filled.body;
    result = await check(context, request);
  }
  const { violations } = result;
  if (violations.length > 0) {
    return [
      `Not sent: the body breaks ${violations.length} rule(s) of ${request.entry.method.toUpperCase()} ${request.entry.path}:`,
      ...violations.map((v) => `- ${v.location.join('.')}: ${v.message} (${v.code})`),
    ].join('\n');
  }
  return { warnings: result.warnings, filled: filled.filled };
}

/** Sends the request and tells its answer, the push check's warnings of an accepted push, and an injected fault as what it is. */
async function sendAndTell(
  context: McpContext,
  request: PushRequest,
  signEntry: OperationEntry,
  checked: { warnings: Schemas['PushWarning'][]; filled: string[] },
): Promise<ToolAnswer> {
  const path = `${MOUNTS.push}/${request.appid}${request.entry.path}`;
  const sent = await send(context, request, signEntry).catch(async (error: unknown) => {
    const fault = await faultThatAnswered(context, request.appid, path).catch(() => undefined);
    if (fault) return { fault };
    throw error;
  });
  if ('fault' in sent)
    return toolError(`${request.entry.method.toUpperCase()} ${path}: no answer. ${faultText(sent.fault)}`);
  const accepted = sent.status === 200 && (sent.answer as { result?: unknown } | undefined)?.result === 'ok';
  const fault = await faultThatAnswered(context, request.appid, path);
  return text(
    [
      `${sent.line} answered HTTP ${sent.status}:`,
      typeof sent.answer === 'string' ? sent.answer : JSON.stringify(sent.answer, null, 2),
      ...(fault ? [faultText(fault)] : []),
      ...checked.filled.map((f) => `requestid filled in: ${f}`),
      ...(accepted && checked.warnings.length > 0 ? warningLines(checked.warnings) : []),
    ].join('\n'),
  );
}
