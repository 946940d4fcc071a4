// The recent events a reconnecting reader is replayed and a poll returns: the last EVENT_BUFFER of them, and no
// more than eventBufferBytes of them as JSON (the oldest go first). One event stays within eventBytes: a larger
// one (a message of 1 MiB of content, an event of a huge request) keeps its type and ids without its payload, and
// a reader loads the rest from the control API as it does after every event.
import { bytesAtMost } from '../shared/bounded.js';
import { BYTE_BOUNDS, EVENT_BUFFER } from '../shared/config.js';
import type { components } from '../generated/schema.js';
import { must } from '../shared/must.js';

type SandboxEvent = components['schemas']['SandboxEvent'];

/** The event within eventBytes, and its bytes at most (measured cheaply: a push to many devices makes an event per device). */
export function boundedEvent(event: SandboxEvent): { event: SandboxEvent; bytes: number } {
  const bytes = bytesAtMost(event);
  if (bytes <= BYTE_BOUNDS.eventBytes) return { event, bytes };
  const { message: _message, request: _request, ...identity } = event;
  return { event: identity, bytes: bytesAtMost(identity) };
}

export class EventBuffer {
  #events: SandboxEvent[] = [];
  #sizes: number[] = [];
  /** Index of the oldest event kept: the arrays are compacted in steps, so that keeping an event costs O(1). */
  #first = 0;
  #bytes = 0;

  add(event: SandboxEvent, bytes: number): void {
    this.#events.push(event);
    this.#sizes.push(bytes);
    this.#bytes += bytes;
    while (
      this.#events.length - this.#first > EVENT_BUFFER ||
      (this.#bytes > BYTE_BOUNDS.eventBufferBytes && this.#events.length - this.#first > 1)
    ) {
      this.#bytes -= must(this.#sizes[this.#first], 'a size is kept with each event');
      this.#first++;
    }
    if (this.#first >= EVENT_BUFFER) {
      this.#events = this.#events.slice(this.#first);
      this.#sizes = this.#sizes.slice(this.#first);
      this.#first = 0;
    }
  }

  /** The events kept, oldest first. */
  list(): SandboxEvent[] {
    return this.#events.slice(this.#first);
  }

  /** Bytes of the events kept, at most (each counted as bytesAtMost counts it). */
  get bytes(): number {
    return this.#bytes;
  }
}
