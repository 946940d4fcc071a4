// What happens in the sandbox, as a stream of small events: the inbox page follows it over server-sent events,
// and a test may poll it. Recent events are kept so that a reconnecting page misses nothing.
import type { ServerResponse } from 'node:http';
import { EVENT_BUFFER } from '../config.js';
import type { components } from '../generated/schema.js';

export type SandboxEvent = components['schemas']['SandboxEvent'];

type Listener = (event: SandboxEvent) => void;

export class EventBus {
  #next = 1;
  readonly #recent: SandboxEvent[] = [];
  readonly #listeners = new Set<Listener>();

  emit(event: Omit<SandboxEvent, 'id'>): void {
    const full = { id: this.#next++, ...event } as SandboxEvent;
    this.#recent.push(full);
    if (this.#recent.length > EVENT_BUFFER) this.#recent.shift();
    for (const listener of this.#listeners) listener(full);
  }

  /** Recent events after `after`, of one app (and those of no app) or of all. */
  recent(after = 0, appid?: string): SandboxEvent[] {
    return this.#recent.filter((e) => e.id > after && matches(e, appid));
  }

  /** Streams events to a response as server-sent events until the client goes away. */
  stream(res: ServerResponse, after: number, appid: string | undefined): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': pushapi sandbox events\n\n');
    const send = (event: SandboxEvent) => {
      if (matches(event, appid)) res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    for (const event of this.recent(after, appid)) send(event);
    this.#listeners.add(send);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    keepAlive.unref();
    const close = () => {
      clearInterval(keepAlive);
      this.#listeners.delete(send);
    };
    res.on('close', close);
  }

  get listeners(): number {
    return this.#listeners.size;
  }
}

const matches = (event: SandboxEvent, appid: string | undefined) => appid === undefined || event.appid === null || event.appid === appid;
