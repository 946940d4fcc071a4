// The sandbox's event stream (GET /control/events as server-sent events), read with fetch rather than
// EventSource: EventSource cannot send the control token's Authorization header. One path with or without a
// token: after a drop the page opens a new stream sending `Last-Event-ID`, so the sandbox replays what it missed.
import type { SandboxEvent } from './api.js';
import { authHeaders } from './token.js';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'locked';

const EVENT_TYPES: readonly string[] = [
  'app',
  'device',
  'message',
  'task',
  'clock',
  'request',
  'reset',
] satisfies SandboxEvent['type'][];
/** Wait before a new stream: short first, then longer while the sandbox stays away. */
const RETRY_MS = [1000, 2000, 5000, 10_000];
/** What the reader holds of one line or one event's data: past it, the connection is dropped and opened again. */
const MAX_CHARS = 1 << 20;

export interface LiveHandlers {
  event(event: SandboxEvent): void;
  state(state: LiveState): void;
  /** Each (re)connection: the page reloads what it shows, so nothing is missed even past the replay buffer. */
  opened(): void;
  /** The sandbox answered 401: no new stream until the page has another token (it calls followEvents again). */
  refused(): void;
}

export function followEvents(handlers: LiveHandlers): () => void {
  const stop = new AbortController();
  let lastId = '';

  const connect = async (): Promise<void> => {
    handlers.state('connecting');
    for (let failures = 0; ; ) {
      try {
        const response = await fetch('/control/events', {
          headers: { accept: 'text/event-stream', ...authHeaders(), ...(lastId ? { 'last-event-id': lastId } : {}) },
          cache: 'no-store',
          signal: stop.signal,
        });
        if (response.status === 401) {
          await response.body?.cancel();
          if (!stop.signal.aborted) handlers.refused();
          return;
        }
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        failures = 0;
        handlers.state('live');
        handlers.opened();
        await readEvents(response.body, (type, data, id) => {
          if (id !== undefined) lastId = id;
          if (!EVENT_TYPES.includes(type)) return;
          let event: SandboxEvent;
          try {
            event = JSON.parse(data) as SandboxEvent;
          } catch {
            return; // not one of the sandbox's events: nothing to reload for
          }
          handlers.event(event);
        });
      } catch {
        // A dropped connection, a network error, an over-long line, or stop(): the same for all but stop().
      }
      if (stop.signal.aborted) return;
      handlers.state('reconnecting');
      await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!, stop.signal);
      if (stop.signal.aborted) return;
    }
  };

  void connect();
  return () => stop.abort();
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const LINE_END = /\r\n|\r|\n/g;

/**
 * Reads a server-sent event stream until it ends: lines end with CRLF, LF or CR; `data:` lines add up, `event:`
 * names the type, `id:` the id to resume after, a blank line dispatches, `:` starts a comment. Throws (and
 * cancels the body) when a line or an event's data passes MAX_CHARS.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  dispatch: (type: string, data: string, id: string | undefined) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string | undefined;
  let id: string | undefined;
  const line = (text: string) => {
    if (text.length > MAX_CHARS) throw new Error('line too long');
    if (text === '') {
      if (data !== undefined) dispatch(type || 'message', data, id);
      type = '';
      data = undefined;
      id = undefined;
      return;
    }
    const colon = text.indexOf(':');
    if (colon === 0) return;
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(text[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
    else if (field === 'event') type = value;
    // The sandbox's ids are numbers; anything else is not sent back as a header.
    else if (field === 'id' && /^\d{1,15}$/.test(value)) id = value;
    if (data !== undefined && data.length > MAX_CHARS) throw new Error('event data too long');
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let end = LINE_END.exec(buffer); end; end = LINE_END.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (end[0] === '\r' && end.index === buffer.length - 1) break;
        line(buffer.slice(start, end.index));
        start = LINE_END.lastIndex;
      }
      buffer = buffer.slice(start);
      if (buffer.length > MAX_CHARS) throw new Error('line too long');
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
