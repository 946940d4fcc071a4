// The MCP server as an agent meets it, in process (the SDK's Client over its InMemoryTransport, against a sandbox
// started here): every input checked against its tool's schema before anything is sent, one name per operation,
// the push check, faults that read as what they are; and the four tasks of docs/guides/agents.md done with no
// failed call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@pushapi/sandbox';
import { createMcpServer } from '../src/server.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: Client;
const transcript: string[] = [];

async function call(name: string, args: Record<string, unknown>) {
  const answer = (await client.callTool({ name, arguments: args })) as {
    content: { text: string }[];
    isError?: boolean;
  };
  const text = answer.content.map((c) => c.text).join('\n');
  transcript.push(`> ${name} ${JSON.stringify(args)}\n${answer.isError ? '(tool error) ' : ''}${text}`);
  return { text, isError: answer.isError === true };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const mcp = createMcpServer({ url: sandbox.url, version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  client = new Client({ name: 'mcp-agent-test', version: '0.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  await sandbox?.stop();
  if (process.env.SHOW_TRANSCRIPT === '1') process.stdout.write(`${transcript.join('\n\n')}\n`);
});

const style = (title: string) => ({ type: 0, title, text: 'Your order has shipped', logo: 'icon.png' });
const push = (appkey: string, cid: string, title = 'Order update', extra: Record<string, unknown> = {}) => ({
  cid,
  message: { appkey, is_offline: true, msgtype: 'notification' },
  notification: { style: style(title) },
  ...extra,
});

describe('create_app', () => {
  it('makes an app with its devices in one call, each reachable at once', async () => {
    const made = await call('create_app', {
      appid: 'with-devices',
      devices: [{ cid: 'pixel-2', online: true, phonetype: 'ANDROID', alias: 'ann', tags: ['vip'] }],
    });
    expect(made.isError, made.text).toBe(false);
    const { appkey } = JSON.parse(made.text) as { appkey: string };
    const sent = await call('send_push', {
      appid: 'with-devices',
      operationId: 'pushSingle',
      body: push(appkey, 'pixel-2'),
    });
    expect(sent.isError, sent.text).toBe(false);
    expect((await call('read_inbox', { appid: 'with-devices', cid: 'pixel-2' })).text).toContain(
      'title: "Order update"',
    );
    // One request made the app and its device: no add_device call in between.
    const log = JSON.parse((await call('read_request_log', { appid: 'with-devices', limit: 10 })).text) as {
      requests: { operation: string }[];
    };
    expect(log.requests.map((r) => r.operation)).toEqual(['push_single', 'auth_sign', 'putApp']);
  });
});

describe("inputs are checked against each tool's schema before anything is sent", () => {
  it("refuses add_fault with the fault's fields flattened: names each field, the rule and a valid input", async () => {
    await call('create_app', { appid: 'inputs' });
    const refused = await call('add_fault', { appid: 'inputs', operation: 'pushSingle', kind: 'drop' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- fault: is required (rule: required)');
    expect(refused.text).toContain(
      '- operation: is not a field here (rule: additionalProperties; the fields: appid, fault)',
    );
    expect(refused.text).toMatch(
      /A valid input: \{"appid":"inputs","fault":\{"operation":"pushSingle","kind":"result"/,
    );
    // Nothing was sent.
    const log = JSON.parse((await call('read_request_log', { appid: 'inputs', limit: 5 })).text) as {
      requests: { operation: string }[];
    };
    expect(log.requests.map((r) => r.operation)).not.toContain('addFault');
  });

  it("names the variant's own rule for a fault of a known kind, and the kinds for an unknown one", async () => {
    const delay = await call('add_fault', { appid: 'inputs', fault: { operation: 'pushSingle', kind: 'delay' } });
    expect(delay.text).toContain('- fault.delayMs: is required (rule: required)');
    expect(delay.text).not.toContain('fault.result');
    const unknown = await call('add_fault', { appid: 'inputs', fault: { operation: 'pushSingle', kind: 'explode' } });
    expect(unknown.text).toContain(
      '- fault.kind: picks the variant: must be one of "http", "drop", "delay", "result" (rule: oneOf)',
    );
  });

  it('refuses get_task with an empty taskid rather than calling another path', async () => {
    const refused = await call('get_task', { appid: 'inputs', taskid: '' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- taskid: must NOT have fewer than 1 characters (rule: minLength)');
    expect(refused.text).not.toContain('no operation at');
    expect(refused.text).toContain('A valid input: {"appid":"inputs","taskid":"RASS_');
  });

  it('refuses a value of the wrong type and an unknown tool argument on any tool', async () => {
    const wrong = await call('advance_clock', { appid: 'inputs', advanceMs: 'an hour' });
    expect(wrong.text).toContain('- advanceMs: must be integer (rule: type)');
    const extra = await call('list_devices', { appid: 'inputs', cid: 'magic-online' });
    expect(extra.text).toContain('- cid: is not a field here (rule: additionalProperties; the fields: appid)');
  });
});

describe('every tool', () => {
  it('refuses an argument its schema does not have, with a valid input', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const answer = (await client.callTool({ name: tool.name, arguments: { notAField: 1 } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      expect(answer.isError, tool.name).toBe(true);
      expect(answer.content[0]!.text, tool.name).toContain(
        '- notAField: is not a field here (rule: additionalProperties',
      );
    }
  });
});

describe('one name per operation', () => {
  it("reads a path's name (push_single) as its operationId in check_request and send_push, and says so", async () => {
    const checked = await call('check_request', {
      api: 'push-v1',
      operationId: 'push_single',
      body: push('x', 'magic-online'),
    });
    expect(checked.isError).toBe(false);
    expect(checked.text).toContain('operationId "push_single" read as pushSingle');
    const sent = await call('send_push', {
      appid: 'inputs',
      operationId: 'push_single',
      body: push('x', 'magic-online'),
    });
    expect(sent.text).toContain('answered HTTP 200');
    expect(sent.text).toContain('read as pushSingle');
  });

  it('answers a name that is neither with the list of operationIds', async () => {
    const unknown = await call('check_request', { api: 'push-v1', operationId: 'pushOne' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('push-v1 has no operation "pushOne" (rule: enum). Its operationIds: authSign');
    expect(unknown.text).toContain('pushSingle');
    const shared = await call('lookup_operation', { api: 'push-v1', operationId: 'user_blk_list' });
    expect(shared.text).toContain(
      'names 2 operations of push-v1; give one operationId: postUserBlkList, deleteUserBlkList',
    );
  });

  it("takes add_fault's operation by operationId (and the path's name), and answers both", async () => {
    const added = await call('add_fault', {
      appid: 'inputs',
      fault: { operation: 'pushSingle', kind: 'http', status: 503 },
    });
    expect(added.isError).toBe(false);
    expect(JSON.parse(added.text)).toMatchObject({ operation: 'push_single', operationId: 'pushSingle', kind: 'http' });
    const bySnake = await call('add_fault', { appid: 'inputs', fault: { operation: 'push_single', kind: 'drop' } });
    expect(JSON.parse(bySnake.text)).toMatchObject({ operationId: 'pushSingle' });
    const nothing = await call('add_fault', { appid: 'inputs', fault: { operation: 'pushEverything', kind: 'drop' } });
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toContain(
      'fault.operation: no push v1 or DMP operation is named "pushEverything" (rule: enum). The operationIds: authSign',
    );
    await call('clear_faults', { appid: 'inputs' });
  });
});

describe('faults read as what they are', () => {
  it("says a dropped connection was the app's injected drop fault", async () => {
    await call('add_fault', { appid: 'inputs', fault: { operation: 'pushSingle', kind: 'drop' } });
    const dropped = await call('send_push', {
      appid: 'inputs',
      operationId: 'pushSingle',
      body: push('x', 'magic-online'),
    });
    expect(dropped.isError).toBe(true);
    expect(dropped.text).toContain(
      "The app's injected `drop` fault answered push_single: the sandbox closed the connection without an answer",
    );
    expect(dropped.text).not.toContain('Cannot reach the sandbox');
  });

  it('says an HTTP status and a delay came from injected faults', async () => {
    await call('add_fault', { appid: 'inputs', fault: { operation: 'pushSingle', kind: 'http', status: 502 } });
    const http = await call('send_push', {
      appid: 'inputs',
      operationId: 'pushSingle',
      body: push('x', 'magic-online'),
    });
    expect(http.text).toContain("The app's injected `http` fault answered push_single with HTTP 502 and no result");
    await call('add_fault', { appid: 'inputs', fault: { operation: 'pushSingle', kind: 'delay', delayMs: 0 } });
    const delayed = await call('send_push', {
      appid: 'inputs',
      operationId: 'pushSingle',
      body: push('x', 'magic-online'),
    });
    expect(delayed.text).toContain('answered HTTP 200');
    expect(delayed.text).toMatch(
      /The app's injected `delay` fault held push_single for \d+ ms before it was handled as usual/,
    );
  });
});

describe('the push check', () => {
  it('is announced where an agent reads an operation: lookup_operation pushSingle says what iOS shows', async () => {
    const found = await call('lookup_operation', { api: 'push-v1', operationId: 'pushSingle' });
    expect(found.text).toContain('iOS: an iOS device shows only push_info.aps.alert (title, body)');
    expect((await call('lookup_operation', { api: 'push-v1', operationId: 'bindAlias' })).text).not.toContain(
      'iOS: an iOS device',
    );
  });

  it("warns that an iOS device shows nothing, and names unknown push_info keys (the issue's push_info: {title, body})", async () => {
    await call('add_device', { appid: 'inputs', device: { cid: 'iphone-1', online: false, phonetype: 'IOS' } });
    const sent = await call('send_push', {
      appid: 'inputs',
      operationId: 'pushSingle',
      body: push('x', 'iphone-1', 'Order update', { push_info: { title: 'Order update', body: 'Shipped' } }),
    });
    expect(sent.text).toContain('answered HTTP 200');
    expect(sent.text).toContain(
      '- [ios] push_info.aps.alert (ios_shows_nothing): An iOS device shows nothing for this push',
    );
    expect(sent.text).toContain(
      '- [ios] push_info.title (unknown_push_info_key): push_info.title is not a field of push_info',
    );
    // The request log keeps the same warnings beside the accepted push.
    const log = JSON.parse((await call('read_request_log', { appid: 'inputs', limit: 1 })).text) as {
      requests: { warnings?: { code: string }[] }[];
    };
    expect(log.requests[0]!.warnings!.map((w) => w.code)).toEqual([
      'placeholder_appkey',
      'unknown_push_info_key',
      'unknown_push_info_key',
      'ios_shows_nothing',
    ]);
  });

  it("warns of a cut title and a pushTime past the app's clock, not of a first notify_id; none for a push an iPhone and an Android bar show whole", async () => {
    const app = JSON.parse(
      (await call('create_app', { appid: 'checked', clock: { time: '2030-01-01T00:00:00Z' } })).text,
    ) as { appkey: string };
    const long = 'A title far longer than the sixty-five characters an Android bar shows';
    const checked = await call('check_request', {
      api: 'push-v1',
      operationId: 'pushApp',
      appid: 'checked',
      body: {
        ...push(app.appkey, 'unused', long),
        cid: undefined,
        requestid: 'r1',
        pushTime: '203001010759',
        notification: { style: { ...style(long), notify_id: 7 } },
      },
    });
    expect(checked.text).toContain(
      `- [android] notification.style.title (title_cut): The title is ${long.length} characters; an Android notification bar shows about 65`,
    );
    // notify_id 7 is new to the app: the first message of an id is the one a later one replaces.
    expect(checked.text).not.toContain('notify_id_replaces_nothing');
    expect(checked.text).toContain(
      "- [all] pushTime (push_time_past): pushTime 203001010759 (UTC+08:00, the app's time zone) is not after the app's clock, 2030-01-01 08:00:00 UTC+08:00",
    );
    const whole = {
      ...push(app.appkey, 'magic-online'),
      requestid: 'r2',
      push_info: { aps: { alert: { title: 'Order update', body: 'Shipped' } } },
    };
    const clean = await call('check_request', {
      api: 'push-v1',
      operationId: 'pushSingle',
      appid: 'checked',
      body: whole,
    });
    expect(clean.text).toBe('Valid: POST /push_single breaks no rule of its document.');
  });
});

describe('the four tasks of the agents guide, with only the tool list to go on: no failed call', () => {
  const failures: string[] = [];
  const step = async (name: string, args: Record<string, unknown>) => {
    const answer = await call(name, args);
    if (answer.isError) failures.push(`${name}: ${answer.text}`);
    return answer.text;
  };

  it('(a) draws a push on an Android phone', async () => {
    const app = JSON.parse(await step('create_app', { name: 'Task a' })) as { appid: string; appkey: string };
    await step('add_device', { appid: app.appid, device: { cid: 'pixel-1', online: true, phonetype: 'ANDROID' } });
    const sent = await step('send_push', {
      appid: app.appid,
      operationId: 'pushSingle',
      body: push(app.appkey, 'pixel-1'),
    });
    // An Android device: what an iPhone would do is not its concern.
    expect(sent).not.toContain('Push check');
    expect(await step('read_inbox', { appid: app.appid, cid: 'pixel-1' })).toContain('title: "Order update"');
    expect(failures).toEqual([]);
  });

  it('(b) fires a scheduled push by advancing the clock', async () => {
    const app = JSON.parse(await step('create_app', { name: 'Task b', clock: { time: '2030-01-01T00:00:00Z' } })) as {
      appid: string;
      appkey: string;
    };
    const body = {
      message: { appkey: app.appkey, is_offline: true, msgtype: 'notification' },
      notification: { style: style('Sale') },
      pushTime: '203001010900',
    };
    const taskid = /"taskid": "([^"]+)"/.exec(
      await step('send_push', { appid: app.appid, operationId: 'pushApp', body }),
    )![1]!;
    await step('advance_clock', { appid: app.appid, advanceMs: 3_600_000 });
    expect(JSON.parse(await step('get_task', { appid: app.appid, taskid }))).toMatchObject({ state: 'sent' });
    expect(failures).toEqual([]);
  });

  it('(c) injects a fault, sees it answer, and clears it', async () => {
    const app = JSON.parse(await step('create_app', { name: 'Task c' })) as { appid: string; appkey: string };
    await step('add_fault', {
      appid: app.appid,
      fault: { operation: 'pushSingle', kind: 'result', result: 'too_frequent' },
    });
    expect(
      await step('send_push', { appid: app.appid, operationId: 'pushSingle', body: push(app.appkey, 'magic-online') }),
    ).toContain('"result": "too_frequent"');
    await step('add_fault', {
      appid: app.appid,
      fault: { operation: 'pushSingle', kind: 'http', status: 503, times: 5 },
    });
    await step('clear_faults', { appid: app.appid });
    expect(
      await step('send_push', { appid: app.appid, operationId: 'pushSingle', body: push(app.appkey, 'magic-online') }),
    ).toContain('"result": "ok"');
    expect(failures).toEqual([]);
  });

  it('(d) has check_request name each broken field', async () => {
    const broken = {
      cid: 'magic-online',
      message: { appkey: 'k', is_offline: 'yes', msgtype: 'notification' },
      notification: { style: { type: 0, text: 'No title' } },
    };
    const checked = await step('check_request', { api: 'push-v1', operationId: 'pushSingle', body: broken });
    expect(checked).toContain('- body.message.is_offline: must be a boolean (type)');
    expect(checked).toContain('- body.notification.style.title: is required when type is 0 (required)');
    expect(checked).toContain('- body.notification.style.logo: is required when type is 0 (required)');
    // A missing requestid is a note (send_push fills it in), and a broken body has no push check.
    expect(checked).toContain('POST /push_single breaks 3 rule(s)');
    expect(checked).not.toContain('Push check');
    expect(failures).toEqual([]);
  });
});
