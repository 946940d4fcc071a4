// What happens in the sandbox, as a stream of small events: the inbox page follows it over server-sent events,
// and a test may poll it. The events of a request are made from the changes its unit of work committed: a
// message's change (kept, received, expired, stopped, clicked), a device's, a task's, an app's. Recent events are
// kept so that a reconnecting page misses nothing.
import type { ServerResponse } from 'node:http';
import { LIMITS } from '../shared/config.js';
import type { components } from '../generated/schema.js';
import type { MessageRecord } from '../state/records.js';
import type { Change } from '../state/unit.js';
import { boundedEvent, EventBuffer } from './event-buffer.js';

export type SandboxEvent = components['schemas']['SandboxEvent'];
type NewEvent = Omit<SandboxEvent, 'id'>;

type Listener = (event: SandboxEvent) => void;

/** What a reader may see of the apps, the request log and the events, by appid (null: a call of no app). */
export type Visible = (appid: string | null) => boolean;

/** Says that a listener failed (a defect of the sandbox): on the console, like a request that failed. */
export type ListenerFailure = (message: string, error: unknown) => void;

const STREAM_BACKLOG_BYTES = LIMITS.streamBacklogBytes;

/** The event a committed change makes, if any. A message removed in passing (an inbox trimmed) makes none. */
export function eventOf(change: Change): NewEvent | undefined {
  const { appid } = change;
  switch (change.kind) {
    case 'app':
      return { type: 'app', appid };
    case 'device':
      return { type: 'device', appid, cid: change.record.cid };
    case 'task':
      return { type: 'task', appid, taskid: change.record.taskid };
    case 'message': {
      // A message removed (an inbox trimmed or cleared, a message deleted) makes none.
      const m = change.record;
      if (change.gone) return undefined;
      const device = change.app.devices.get(m.cid);
      return {
        type: 'message',
        appid,
        cid: m.cid,
        message: messageChange(m),
        ...(device ? { counts: { inboxCount: device.inbox.size, pendingCount: device.pending.size } } : {}),
      };
    }
    default:
      return undefined;
  }
}

/**
 * A message event's ids and change, not the message as shown: readers reload what they show from the control API,
 * and a push to many devices makes an event per device. The event also carries its device's counts after the unit
 * (DeviceCounts: two numbers), so that a reader showing them need not read the device again.
 */
const messageChange = (m: MessageRecord): components['schemas']['MessageChange'] => ({
  id: m.id,
  cid: m.cid,
  taskid: m.taskid,
  msgtype: m.content.msgtype,
  template: m.content.template,
  state: m.state,
  clicked: m.clicked,
  replacedBy: m.replacedBy,
});

export class EventBus {
  #next = 1;
  readonly #recent = new EventBuffer();
  readonly #listeners = new Set<Listener>();
  /** Readers of the event stream connected now (the metrics' sandbox_event_stream_clients). */
  #streamClients = 0;
  readonly #failed: ListenerFailure;

  constructor(failed: ListenerFailure = (message, error) => console.error(message, error)) {
    this.#failed = failed;
  }

  emit(event: NewEvent): void {
    const { event: full, bytes } = boundedEvent({ id: this.#next++, ...event } as SandboxEvent);
    this.#recent.add(full, bytes);
    for (const listener of this.#listeners) this.#tell(listener, full);
  }

  /**
   * Nothing throws out of the bus: an event is emitted after its unit committed, so a listener's error would turn
   * an answered push into a failure, and keep the next listeners from the event. A listener that fails is reported
   * and removed (it would fail again on the next event).
   */
  #tell(listener: Listener, event: SandboxEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.#listeners.delete(listener);
      this.#failed(`sandbox: an event listener failed on event ${event.id} (${event.type}) and was removed:`, error);
    }
  }

  /**
   * Resolves once `ready()` holds (checked now, then after each event `on` accepts), once `ms` have passed, or once
   * the caller went away. Events are emitted after their changes are committed, so `ready()` sees them.
   */
  until(
    on: (event: SandboxEvent) => boolean,
    ready: () => boolean,
    ms: number,
    gone: { once(name: 'close', f: () => void): unknown; off(name: 'close', f: () => void): unknown },
  ): Promise<void> {
    if (endsWait(ready)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        gone.off('close', done);
        resolve();
      };
      const check = (event: SandboxEvent) => {
        if (endsWait(() => on(event) && ready())) done();
      };
      const timer = setTimeout(done, ms);
      this.#listeners.add(check);
      gone.once('close', done);
    });
  }

  /** Recent events after `after`, of one app (and those of no app) or of all, that `visible` lets the reader see. */
  recent(after = 0, appid?: string, visible: Visible = everything): SandboxEvent[] {
    return this.#recent.list().filter((e) => e.id > after && matches(e, appid, visible));
  }

  /** Streams events to a response as server-sent events until the client goes away. */
  stream(res: ServerResponse, after: number, appid: string | undefined, visible: Visible = everything): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': pushapi sandbox events\n\n');
    const send = (event: SandboxEvent) => {
      if (!matches(event, appid, visible)) return;
      // A reader that does not read would make the server hold every event for it: past the bound it is dropped,
      // and comes back with Last-Event-ID like any reader whose connection broke.
      if (res.writableLength > STREAM_BACKLOG_BYTES) {
        res.destroy();
        return;
      }
      res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    for (const event of this.recent(after, appid, visible)) send(event);
    this.#listeners.add(send);
    this.#streamClients++;
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    keepAlive.unref();
    const close = () => {
      clearInterval(keepAlive);
      this.#listeners.delete(send);
      this.#streamClients--;
    };
    res.on('close', close);
  }

  get streamClients(): number {
    return this.#streamClients;
  }

  get listeners(): number {
    return this.#listeners.size;
  }
}

/** A wait's check; one that fails (what it reads was removed) ends the wait at once, and its answer says what is gone. */
function endsWait(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return true;
  }
}

const everything: Visible = () => true;

/** An event of the app asked for (or of no app), that the reader may see: a reset of the whole sandbox, anyone. */
const matches = (event: SandboxEvent, appid: string | undefined, visible: Visible) =>
  (appid === undefined || event.appid === null || event.appid === appid) &&
  (visible(event.appid) || (event.appid === null && event.type === 'reset'));
