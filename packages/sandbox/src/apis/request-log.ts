// Recent requests with their operation and outcome, so a refused request can be read without the server's
// console. Nothing secret is kept: no header, no body, no query (the DMP sign-in sends its signs there).
import { LIMITS } from '../config.js';
import type { components } from '../generated/schema.js';

export type RequestLogEntry = components['schemas']['RequestLogEntry'];

export class RequestLog {
  #next = 1;
  readonly #entries: RequestLogEntry[] = [];

  add(entry: Omit<RequestLogEntry, 'id'>): RequestLogEntry {
    const full = { id: this.#next++, ...entry };
    this.#entries.push(full);
    if (this.#entries.length > LIMITS.requestLogLimit) this.#entries.shift();
    return full;
  }

  /** Newest first. */
  list(appid: string | undefined, limit: number): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    for (let i = this.#entries.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.#entries[i]!;
      if (appid === undefined || entry.appid === appid) out.push(entry);
    }
    return out;
  }
}
