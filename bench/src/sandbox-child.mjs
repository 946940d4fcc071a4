// @ts-check
// The sandbox of section 7 in a process of its own (started with --expose-gc): startSandbox() of
// @pushapi/sandbox on a free port of 127.0.0.1 (`--no-metrics`: without its Prometheus metrics), answering the parent over IPC with its heap (`heap`: after two
// full collections; `sample`: as it is), the size of its state (`counts`) and the CPU time it used (`cpu`). It stops when the parent goes.
import { startSandbox } from '@pushapi/sandbox';

const sandbox = await startSandbox({ port: 0, metrics: !process.argv.includes('--no-metrics') });
const send = (/** @type {unknown} */ message) => process.send?.(message);

/** Per app: tasks, requestids, tokens, the fullest inbox and waiting list. */
function counts() {
  const { apps } =
    /** @type {{ apps: { record: { appid: string }, tasks: unknown[], requestIds: unknown[], tokens: unknown[], devices: { inbox: unknown[], pending: unknown[] }[] }[] }} */ (
      sandbox.snapshot()
    );
  return apps.map((app) => ({
    appid: app.record.appid,
    tasks: app.tasks.length,
    requestIds: app.requestIds.length,
    tokens: app.tokens.length,
    fullestInbox: Math.max(0, ...app.devices.map((d) => d.inbox.length)),
    fullestWaiting: Math.max(0, ...app.devices.map((d) => d.pending.length)),
  }));
}

process.on('message', (message) => {
  if (message === 'heap') {
    const gc = /** @type {(() => void) | undefined} */ (globalThis.gc);
    gc?.();
    gc?.();
    send(process.memoryUsage());
  } else if (message === 'sample') send(process.memoryUsage());
  else if (message === 'counts') send(counts());
  else if (message === 'cpu') send(process.cpuUsage());
});
process.on('disconnect', () => void sandbox.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void sandbox.stop().then(() => process.exit(0)));
send({ url: sandbox.url });
