// The operator's endpoints: /healthz, /readyz and /metrics answer without the control token and obey the Host
// check; a scrape after a known sequence of calls shows its counts; no label holds a cid, an alias, a token or
// content, even when the calls carry hostile ones; the appid is a label only with metricsPerApp.
import http from 'node:http';
import { createDmpClient } from '@pushapi/dmp-client';
import { createPushClient } from '@pushapi/push-v1-client';
import { describe, expect, it } from 'vitest';
import { healthEndpoints, Readiness } from '../../src/http/health.js';
import { startSandbox } from '../../src/index.js';
import { notification, transmission } from '../support/env.js';
import { ownSandbox, raw } from '../support/in-process.js';

const TOKEN = 'metrics-control-token-0123456789';
const sandbox = ownSandbox({ controlToken: TOKEN });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const value = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((n, s) => n + s.value, 0);

async function scrape(url: string): Promise<{ text: string; all: Sample[] }> {
  const answer = await raw(`${url}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: answer.text, all: samples(answer.text) };
}

function withHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('health and readiness', () => {
  it('answer 200 without the control token, and refuse a Host the sandbox does not answer to', async () => {
    const { url } = sandbox.current;
    expect(await raw(`${url}/healthz`)).toMatchObject({ status: 200, text: 'ok\n' });
    expect(await raw(`${url}/readyz`)).toMatchObject({ status: 200, text: 'ready\n' });
    expect((await raw(`${url}/healthz`, { method: 'POST' })).status).toBe(405);
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect(await withHost(`${url}${path}`, 'rebound.example')).toBe(403);
  });

  it('/readyz answers 503 with the reason until the sandbox is ready', async () => {
    const readiness = new Readiness();
    const endpoints = healthEndpoints(readiness, undefined);
    const server = http.createServer((req, res) => void endpoints.serve(req, res, req.url!));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await raw(`${url}/readyz`)).toMatchObject({
        status: 503,
        text: expect.stringContaining('not ready: starting'),
      });
      expect((await raw(`${url}/healthz`)).status).toBe(200);
      readiness.set(true, 'ready');
      expect((await raw(`${url}/readyz`)).status).toBe(200);
      readiness.set(false, 'stopping');
      expect(await raw(`${url}/readyz`)).toMatchObject({ status: 503, text: 'not ready: stopping\n' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(endpoints.handles('/metrics')).toBe(false); // a sandbox without metrics has no /metrics
  });
});

describe('GET /metrics', () => {
  it('counts a known sequence of calls: requests by operation and outcome, deliveries, waiting messages, apps, devices, restores, stream clients', async () => {
    const running = await startSandbox({ controlToken: TOKEN });
    try {
      const app = await running.app({ appid: 'metrics-app' });
      const push = createPushClient({ ...app.pushOptions, retry: false });
      await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } });
      await push.POST('/push_single', { body: { ...notification(), cid: 'magic-online' } });
      await push.POST('/push_single', { body: { ...transmission('kept'), cid: 'magic-offline' } });
      await expect(push.POST('/push_single', { body: { cid: 'magic-online' } as never })).rejects.toThrow(); // no message: refused
      const dmp = createDmpClient({ ...app.dmpOptions, retry: false });
      await dmp.GET('/config/tags');
      await app.snapshot();
      await app.restore();

      let { all } = await scrape(running.url);
      expect(value(all, 'sandbox_requests_total', { api: 'push-v1', operation: 'auth_sign', outcome: 'ok' })).toBe(1);
      expect(value(all, 'sandbox_requests_total', { api: 'push-v1', operation: 'push_single', outcome: 'ok' })).toBe(3);
      expect(value(all, 'sandbox_requests_total', { api: 'push-v1', operation: 'push_single' })).toBe(4);
      expect(value(all, 'sandbox_requests_total', { api: 'dmp', operation: 'config/tags', outcome: '200' })).toBe(1);
      expect(value(all, 'sandbox_requests_total', { api: 'control', operation: 'putApp', outcome: '201' })).toBe(1);
      expect(value(all, 'sandbox_request_duration_seconds_count', { api: 'push-v1', operation: 'push_single' })).toBe(
        4,
      );
      expect(value(all, 'sandbox_pushes_delivered_total', { via: 'online' })).toBe(2);
      expect(value(all, 'sandbox_messages_waiting')).toBe(1);
      expect(value(all, 'sandbox_snapshot_restores_total')).toBe(1);
      expect(value(all, 'sandbox_apps')).toBe(2);
      const { data: apps } = await running.control.GET('/apps');
      expect(value(all, 'sandbox_devices')).toBe(apps!.apps.reduce((n, a) => n + a.counts.devices, 0));
      expect(value(all, 'sandbox_store_commit_seconds_count')).toBe(0); // in memory a commit writes nothing: not timed
      expect(value(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

      // The offline device comes online: its waiting message is delivered, once (a click is no second delivery).
      await app.updateDevice('magic-offline', { online: true });
      const { messages } = await app.inbox('magic-offline');
      await running.control.POST('/apps/{appid}/devices/{cid}/inbox/{messageId}/click', {
        params: { path: { appid: app.appid, cid: 'magic-offline', messageId: messages[0]!.id } },
      });
      ({ all } = await scrape(running.url));
      expect(value(all, 'sandbox_pushes_delivered_total', { via: 'offline' })).toBe(1);
      expect(value(all, 'sandbox_pushes_delivered_total')).toBe(3);
      expect(value(all, 'sandbox_messages_waiting')).toBe(0);

      const stream = new AbortController();
      const answer = await fetch(`${running.controlUrl}/events`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${TOKEN}` },
        signal: stream.signal,
      });
      await answer.body!.getReader().read();
      expect(value((await scrape(running.url)).all, 'sandbox_event_stream_clients')).toBe(1);
      stream.abort();
      await expect.poll(async () => value((await scrape(running.url)).all, 'sandbox_event_stream_clients')).toBe(0);
    } finally {
      await running.stop();
    }
  });

  it('no label holds a cid, an alias, a token or content, even hostile ones; the appid is no label by default', async () => {
    const app = await sandbox.current.app({ appid: 'hostile-app' });
    const push = createPushClient({ ...app.pushOptions, retry: false });
    const hostile = ['evil"} 1\nsandbox_apps{x="', 'cid\\"with\\backslash', '{{cid}}', 'cid with spaces and ünïcode'];
    for (const cid of hostile) {
      await app.addDevice({ cid }).catch(() => undefined);
      await push
        .POST('/push_single', { body: { ...transmission(`secret content ${cid}`), cid } })
        .catch(() => undefined);
      await push.POST('/bind_alias', { body: { alias_list: [{ cid, alias: `alias-${cid}` }] } }).catch(() => undefined);
      await raw(`${sandbox.current.url}/v1/${encodeURIComponent(cid)}/push_single`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authtoken: 'token-that-is-not' },
        body: '{}',
      });
    }
    const { data: credentials } = await sandbox.current.control.GET('/apps/{appid}/credentials', {
      params: { path: { appid: app.appid } },
    });
    const { text, all } = await scrape(sandbox.current.url);
    const forbidden = [
      ...hostile,
      'secret content',
      'alias-',
      'token-that-is-not',
      TOKEN,
      credentials!.mastersecret,
      credentials!.appkey,
      'hostile-app',
    ];
    for (const word of forbidden) expect(text).not.toContain(word);
    const names = new Set(all.filter((s) => s.name.startsWith('sandbox_')).flatMap((s) => Object.keys(s.labels)));
    const closed = ['api', 'le', 'limit', 'operation', 'outcome', 'recovered', 'team', 'via'];
    expect([...names].sort()).toEqual(closed.filter((n) => names.has(n)));
    expect(names.has('appid')).toBe(false);
    // Without app tokens there are no teams: every call is `other`.
    const teams = new Set(all.flatMap((s) => (s.labels.team === undefined ? [] : [s.labels.team])));
    expect([...teams]).toEqual(['other']);
  });

  it('with metricsPerApp, the request metrics carry the appid', async () => {
    const running = await startSandbox({ metricsPerApp: true });
    try {
      const app = await running.app({ appid: 'per-app-metrics' });
      await createPushClient({ ...app.pushOptions, retry: false }).POST('/push_single', {
        body: { ...notification(), cid: 'magic-online' },
      });
      const { all } = await scrape(running.url);
      expect(
        value(all, 'sandbox_requests_total', { appid: 'per-app-metrics', operation: 'push_single', outcome: 'ok' }),
      ).toBe(1);
    } finally {
      await running.stop();
    }
  });

  it('a sandbox started with metrics: false has no /metrics', async () => {
    const running = await startSandbox({ metrics: false });
    try {
      expect((await raw(`${running.url}/metrics`)).status).toBe(404);
      expect((await raw(`${running.url}/healthz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });
});
