// The sandbox's event stream (GET /control/events as server-sent events). The browser reconnects by itself and
// sends Last-Event-ID, so the sandbox replays what the page missed; when the browser gives up (an HTTP error, the
// sandbox gone), a new stream is opened with `after=<last id>`, which the sandbox reads the same way.
import type { SandboxEvent } from './api.js';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

const EVENT_TYPES: readonly SandboxEvent['type'][] = ['app', 'device', 'message', 'task', 'clock', 'request', 'reset'];
/** Wait before a new stream once the browser has given up: short first, then longer while the sandbox stays away. */
const RETRY_MS = [1000, 2000, 5000, 10_000];

export interface LiveHandlers {
  event(event: SandboxEvent): void;
  state(state: LiveState): void;
  /** Each (re)connection: the page reloads what it shows, so nothing is missed even past the replay buffer. */
  opened(): void;
}

export function followEvents(handlers: LiveHandlers): () => void {
  let lastId = 0;
  let failures = 0;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    source = new EventSource(lastId > 0 ? `/control/events?after=${lastId}` : '/control/events');
    source.addEventListener('open', () => {
      failures = 0;
      handlers.state('live');
      handlers.opened();
    });
    source.addEventListener('error', () => {
      if (stopped) return;
      handlers.state('reconnecting');
      if (source?.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      source.close();
      timer = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    });
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as SandboxEvent;
        lastId = event.id;
        handlers.event(event);
      });
    }
  };

  handlers.state('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
