// The request and delivery counts are plain numbers turned into prom-client's counters at each scrape (metrics.ts):
// every scrape shows the same totals (not added up again), a later request adds to them, and a message counted as
// delivered once is not counted again when it changes (a click).
import { describe, expect, it } from 'vitest';
import { SandboxMetrics } from '../../src/services/metrics.js';
import type { NewLogEntry } from '../../src/services/observe.js';
import { Store } from '../../src/state/store.js';
import type { Change } from '../../src/state/unit.js';

const entry = (operation: string, outcome: string | null, status = 200): NewLogEntry => ({
  at: 0,
  appid: 'an-app',
  api: 'push-v1',
  operation,
  method: 'POST',
  path: `/v1/an-app/${operation}`,
  status,
  outcome,
  desc: null,
  violations: [],
  deviations: [],
  durationMs: 1.5,
  fault: null,
});

/** A committed change of a delivered message (only the fields the metrics read). */
const delivered = (record: object, via: 'online' | 'offline') =>
  ({ kind: 'message', gone: false, record: Object.assign(record, { state: 'delivered', via }) }) as unknown as Change;

/** The value of one sample line of the exposition, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics counts', () => {
  const metrics = new SandboxMetrics(
    { perApp: false, processMetrics: false },
    { store: new Store(), streamClients: () => 0 },
  );
  const pushOk = 'sandbox_requests_total{api="push-v1",operation="push_single",outcome="ok"}';

  it('show the same totals at every scrape, and a later request adds one', async () => {
    for (let i = 0; i < 3; i++) metrics.observeRequest(entry('push_single', 'ok'));
    metrics.observeRequest(entry('push_single', null, 404));
    expect(sample(await metrics.text(), pushOk)).toBe(3);
    const again = await metrics.text();
    expect(sample(again, pushOk)).toBe(3);
    expect(sample(again, 'sandbox_requests_total{api="push-v1",operation="push_single",outcome="404"}')).toBe(1);
    expect(sample(again, 'sandbox_request_duration_seconds_count{api="push-v1",operation="push_single"}')).toBe(4);
    metrics.observeRequest(entry('push_single', 'ok'));
    expect(sample(await metrics.text(), pushOk)).toBe(4);
  });

  it('count a delivery once per message, by the way it came', async () => {
    const first = {};
    const second = {};
    metrics.observeChanges([delivered(first, 'online'), delivered(second, 'offline')]);
    metrics.observeChanges([delivered(first, 'online')]);
    await metrics.text();
    const text = await metrics.text();
    expect(sample(text, 'sandbox_pushes_delivered_total{via="online"}')).toBe(1);
    expect(sample(text, 'sandbox_pushes_delivered_total{via="offline"}')).toBe(1);
  });
});
