// `pushapi-sandbox-mcp`, driven as an agent drives it: the SDK's own Client over stdio against the built command
// (dist/cli.js), with the sandbox it starts in-process, and against a running one with --url and --token; and
// `pushapi-sandbox mcp`, the sandbox's command, which runs this package when it is installed. The exchange of the
// first run is the example of the guide docs/guides/agents.md: it is compared with
// docs/examples/agents/transcript.txt (UPDATE_TRANSCRIPT=1 writes it), the ids that change on every run aside.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startSandbox } from '@pushapi/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageDir, runCommand, serverCommand } from './support/commands.js';

const transcriptFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/examples/agents/transcript.txt',
);

/** A client of the server over stdio, started as `pushapi-sandbox-mcp` or, with `via: 'sandbox'`, as `pushapi-sandbox mcp`. */
async function connect(args: string[], via: 'own' | 'sandbox' = 'own') {
  const transport = new StdioClientTransport({
    ...serverCommand(args, via),
    // The sandbox's command looks for this package from the folder it runs in: here, the package's own.
    cwd: packageDir,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'pushapi-sandbox-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

interface Exchange {
  name: string;
  args: Record<string, unknown>;
  text: string;
  isError: boolean;
}

/** Values that differ on every run (task ids, request ids, generated user codes, real-time stamps), masked to compare two runs. */
const masked = (text: string) =>
  text
    .replace(/\bRAS[A-Z]_\w+/g, '<taskid>')
    .replace(/"party-\w+"/g, '"<userCode>"')
    .replace(/\b[0-9a-f]{32}\b/g, '<id>')
    .replace(/"(createdAt|at|durationMs|offsetMs)": [\d.]+/g, '"$1": <n>');

describe('pushapi-sandbox-mcp, with the sandbox it starts', () => {
  let client: Client;
  const exchanges: Exchange[] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = (await client.callTool({ name, arguments: args })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    const exchange = {
      name,
      args,
      text: answer.content.map((c) => c.text).join('\n'),
      isError: answer.isError === true,
    };
    exchanges.push(exchange);
    return exchange;
  };
  const appid = 'agent-demo';
  const body = (cid: string, style: Record<string, unknown>) => ({
    cid,
    message: { appkey: 'agent-demo-appkey', is_offline: false, msgtype: 'notification' },
    notification: { style },
  });

  beforeAll(async () => {
    client = await connect([]);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists the tools, each with a description and an input schema from the documents', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'list_apps',
      'create_app',
      'get_credentials',
      'list_devices',
      'add_device',
      'update_device',
      'send_push',
      'check_request',
      'lookup_operation',
      'read_inbox',
      'wait_for_message',
      'list_tasks',
      'get_task',
      'advance_clock',
      'add_fault',
      'clear_faults',
      'read_request_log',
    ]);
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(40);
    // From the sandbox document: AppCreate's appid pattern; FaultCreate's variants; the push v1 operations.
    const schema = (name: string) =>
      tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, Record<string, unknown>> };
    expect(schema('create_app').properties.appid!.pattern).toBe('^[A-Za-z0-9_-]{1,64}$');
    expect((schema('add_fault').properties.fault!.oneOf as unknown[]).length).toBe(4);
    expect(schema('send_push').properties.operationId!.enum).toContain('pushSingle');
    expect(JSON.stringify(tools)).not.toContain('$ref');
    // The guide's table of tools names each of them.
    const guide = fs.readFileSync(path.resolve(path.dirname(transcriptFile), '../../guides/agents.md'), 'utf8');
    for (const tool of tools) expect(guide, tool.name).toContain(`\`${tool.name}\``);
  });

  it('makes an app, without its secrets', async () => {
    const made = await call('create_app', {
      appid,
      appkey: 'agent-demo-appkey',
      name: 'Agent demo',
      clock: { time: '2029-12-31T23:00:00Z' },
    });
    expect(made.isError).toBe(false);
    expect(JSON.parse(made.text)).toMatchObject({
      appid,
      appkey: 'agent-demo-appkey',
      clock: { frozen: true, local: '2030-01-01 07:00:00' },
    });
    expect(made.text).not.toMatch(/mastersecret|authCode/);
  });

  it('sends a valid push_single to magic-online and reads the inbox back as the phone shows it', async () => {
    const sent = await call('send_push', {
      appid,
      operationId: 'pushSingle',
      body: body('magic-online', {
        type: 0,
        title: 'Order update',
        text: 'Your order has shipped',
        logo: 'icon.png',
        channelLevel: 3,
      }),
    });
    expect(sent.isError).toBe(false);
    expect(sent.text).toContain('POST /v1/agent-demo/push_single answered HTTP 200');
    expect(sent.text).toContain('"status": "successed_online"');
    const inbox = await call('read_inbox', { appid, cid: 'magic-online' });
    expect(inbox.text).toContain('Android notification bar (style 0, system; channel level 3');
    expect(inbox.text).toContain('title: "Order update"');
    expect(inbox.text).toContain('text: "Your order has shipped"');
    expect(inbox.text).toContain('Received online at once 2030-01-01 07:00:00');
    expect(inbox.text).toContain('Replaced: no');
  });

  it('cuts a long text where the phone does', async () => {
    const long = 'x'.repeat(300);
    await call('send_push', {
      appid,
      operationId: 'pushSingle',
      body: body('magic-online', { type: 0, title: 'Long', text: long, logo: 'icon.png' }),
    });
    const inbox = await call('read_inbox', { appid, cid: 'magic-online' });
    expect(inbox.text).toContain(`text: "${'x'.repeat(239)}…"`);
    expect(inbox.text).not.toContain('x'.repeat(240));
    exchanges.splice(-2);
  });

  it('refuses an invalid body before sending it, naming the field', async () => {
    const refused = await call('send_push', {
      appid,
      operationId: 'pushSingle',
      body: body('magic-online', { type: 0, text: 'No title', logo: 'icon.png' }),
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Not sent');
    expect(refused.text).toContain('- body.notification.style.title: is required');
    const log = await call('read_request_log', { appid, limit: 5 });
    // The last request of the app is still the accepted push: nothing was sent.
    expect(JSON.parse(log.text).requests[0]).toMatchObject({ operation: 'push_single', outcome: 'ok' });
    exchanges.splice(-1);
  });

  it('schedules a push, advances the clock, and sees it delivered', async () => {
    const scheduled = await call('send_push', {
      appid,
      operationId: 'pushApp',
      body: {
        message: { appkey: 'agent-demo-appkey', is_offline: true, msgtype: 'notification' },
        notification: { style: { type: 0, title: 'Sale', text: 'The sale starts now', logo: 'icon.png' } },
        pushTime: '203001010800',
      },
    });
    expect(scheduled.isError).toBe(false);
    const taskid = /"taskid": "([^"]+)"/.exec(scheduled.text)![1]!;
    expect(JSON.parse((await call('get_task', { appid, taskid })).text)).toMatchObject({ state: 'scheduled' });
    const advanced = await call('advance_clock', { appid, advanceMs: 3_600_000 });
    expect(advanced.isError).toBe(false);
    expect(JSON.parse((await call('get_task', { appid, taskid })).text)).toMatchObject({ state: 'sent' });
    const arrived = await call('wait_for_message', {
      appid,
      cid: 'magic-online',
      wait: 0,
      after: /Message (\S+) to magic-online/.exec(exchanges.find((e) => e.name === 'read_inbox')!.text)![1],
    });
    expect(arrived.text).toContain('title: "Sale"');
  });

  it('injects a too_frequent fault and sees it answered', async () => {
    const fault = await call('add_fault', {
      appid,
      fault: { operation: 'push_single', kind: 'result', result: 'too_frequent', times: 1 },
    });
    expect(fault.isError).toBe(false);
    const answered = await call('send_push', {
      appid,
      operationId: 'pushSingle',
      body: body('magic-online', { type: 0, title: 'Again', text: 'Once more', logo: 'icon.png' }),
    });
    expect(answered.text).toContain('"result": "too_frequent"');
  });

  it("answers a refused control call as a tool error with the sandbox's message, no stack", async () => {
    const missing = await call('get_task', { appid, taskid: 'RASS_0101_missing' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/^The sandbox refused the call \(HTTP 404/);
    expect(missing.text).not.toMatch(/\n\s+at /);
    exchanges.splice(-1);
  });

  it('looks up an operation: its rules, templates and a valid example body', async () => {
    const found = await call('lookup_operation', { api: 'push-v1', operationId: 'pushSingle' });
    expect(found.text).toContain(
      'Templates (message.msgtype): notification, link, notypopload, startactivity, transmission',
    );
    const example = JSON.parse(/A valid example body[^\n]*\n([\s\S]*?)\nOther named/.exec(found.text)![1]!);
    const checked = await call('check_request', { api: 'push-v1', operationId: 'pushSingle', body: example });
    expect(checked.text).toMatch(/^Valid: POST \/push_single breaks no rule of its document\.\n/);
    // The document's example carries the placeholder appkey: the push check says so.
    expect(checked.text).toContain(
      '- [all] message.appkey (placeholder_appkey): message.appkey "YOUR_APP_KEY" looks like a value left from an example',
    );
    exchanges.splice(-2);
  });

  it('shows no master secret, auth code or token unless the credentials tool is called', async () => {
    await call('list_apps', {});
    await call('list_devices', { appid });
    const credentials = await client.callTool({ name: 'get_credentials', arguments: { appid } });
    const { mastersecret, dmp } = JSON.parse((credentials.content as { text: string }[])[0]!.text) as {
      mastersecret: string;
      dmp: { authCode: string };
    };
    expect(mastersecret.length).toBeGreaterThan(8);
    const seen = exchanges.map((e) => e.text).join('\n');
    expect(seen).not.toContain(mastersecret);
    expect(seen).not.toContain(dmp.authCode);
    expect(seen).not.toMatch(/\b[0-9a-f]{64}\b/); // an auth token
    exchanges.splice(-2); // long lists: left out of the guide's exchange
  });

  it('offers the three documents as resources', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining([
        'pushapi://openapi/push-v1.json',
        'pushapi://openapi/dmp.json',
        'pushapi://openapi/sandbox.json',
      ]),
    );
    const read = await client.readResource({ uri: 'pushapi://openapi/dmp.json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text).openapi).toMatch(/^3\.1/);
  });

  it('is the exchange the guide shows (docs/examples/agents/transcript.txt)', () => {
    const transcript = `${exchanges.map((e) => `> ${e.name} ${JSON.stringify(e.args)}\n${e.isError ? '(tool error) ' : ''}${e.text}`).join('\n\n')}\n`;
    if (process.env.UPDATE_TRANSCRIPT === '1') {
      fs.mkdirSync(path.dirname(transcriptFile), { recursive: true });
      fs.writeFileSync(transcriptFile, transcript);
    }
    const committed = fs.existsSync(transcriptFile) ? fs.readFileSync(transcriptFile, 'utf8') : '(missing)';
    expect(
      masked(committed),
      "the guide's transcript is stale: run this test with UPDATE_TRANSCRIPT=1 and commit docs/examples/agents/transcript.txt",
    ).toBe(masked(transcript));
  });
});

describe('the command line', () => {
  it('says what pushapi-sandbox-mcp takes, and refuses an unknown option with exit code 2', async () => {
    const help = await runCommand(['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('Usage: pushapi-sandbox-mcp [options]');
    expect(help.output).toContain('--url <origin>');
    const wrong = await runCommand(['--port', '1']);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("pushapi-sandbox-mcp: Unknown option '--port'");
  });

  it("is what the sandbox's `pushapi-sandbox mcp` runs when this package is installed", async () => {
    expect((await runCommand(['--help'], 'sandbox')).output).toContain(
      'pushapi-sandbox mcp [--url <origin>] [--token <token>]',
    );
    const help = await runCommand(['mcp', '--help'], 'sandbox');
    expect(help.code).toBe(0);
    expect(help.output).toContain('Usage: pushapi-sandbox-mcp [options]');
  });
});

describe('pushapi-sandbox-mcp --url, and pushapi-sandbox mcp --url, with a running sandbox that has a control token', () => {
  const token = 'mcp-test-control-token-0123456789';
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ controlToken: token });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('works with the token, never shows it, and answers the refusal without it', async () => {
    const client = await connect(['--url', sandbox.url, '--token', token]);
    const apps = (await client.callTool({ name: 'list_apps', arguments: {} })) as {
      content: { text: string }[];
      isError?: boolean;
    };
    expect(apps.isError).toBeFalsy();
    expect(apps.content[0]!.text).toContain('"appid": "sandbox-app"');
    expect(apps.content[0]!.text).not.toContain(token);
    await client.close();
    // Through the sandbox's own command this time, which runs this package.
    const without = await connect(['--url', sandbox.url], 'sandbox');
    const refused = (await without.callTool({ name: 'list_apps', arguments: {} })) as {
      content: { text: string }[];
      isError?: boolean;
    };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/^The sandbox refused the call \(HTTP 401/);
    await without.close();
  });
});
