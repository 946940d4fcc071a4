// Recent requests with their operation and outcome, so a refused request can be read without the server's
// console. Nothing secret is kept: no header, no query (the DMP sign-in sends its signs there), and no body but
// that of a push (push v1 bodies of the operations that send content carry no credential: the token is a header),
// which the inbox page shows beside the messages it made (the entry is made by http/log-entry.ts).
import { boundedDeviations, boundedViolations, cutText, KNOWN_BYTES, noteBytes } from '../shared/bounded.js';
import { BYTE_BOUNDS, LIMITS } from '../shared/config.js';
import type { components } from '../generated/schema.js';
import { jsonTextBytes } from '../shared/json-bytes.js';
import { must } from '../shared/must.js';

export type RequestLogEntry = components['schemas']['RequestLogEntry'];

/**
 * The entry as the log keeps it, and its bytes: lists and texts within their bounds (BYTE_BOUNDS), and the whole
 * within requestLogEntryBytes (past it, without the push's body: a body of 64 KiB can grow as JSON, `1e20`). The
 * body is kept by reference (it was parsed for this request and nothing changes it); the bytes are counted without
 * making the JSON text, which only a reader needs, and a push's template, measured as the push's content (it is the
 * body's own, frozen), is not walked again.
 */
function keptEntry(id: number, entry: Omit<RequestLogEntry, 'id'>): { kept: RequestLogEntry; bytes: number } {
  const kept: RequestLogEntry = {
    id,
    ...entry,
    path: cutText(entry.path, BYTE_BOUNDS.logTextChars),
    desc: entry.desc === null ? null : cutText(entry.desc, BYTE_BOUNDS.logTextChars),
    violations: entry.violations.length > 0 ? boundedViolations(entry.violations) : entry.violations,
    deviations: entry.deviations.length > 0 ? boundedDeviations(entry.deviations) : entry.deviations,
  };
  let bytes = jsonTextBytes(kept, KNOWN_BYTES);
  if (bytes > BYTE_BOUNDS.requestLogEntryBytes && kept.body) {
    kept.body = null;
    bytes = jsonTextBytes(kept, KNOWN_BYTES);
  }
  noteBytes(kept, bytes);
  return { kept, bytes };
}

export class RequestLog {
  #next = 1;
  readonly #entries: RequestLogEntry[] = [];
  readonly #sizes: number[] = [];
  #bytes = 0;

  /** Keeps the request, within its bounds; the oldest go past requestLogLimit entries or requestLogBytes. */
  add(entry: Omit<RequestLogEntry, 'id'>): RequestLogEntry {
    const { kept, bytes } = keptEntry(this.#next++, entry);
    this.#entries.push(kept);
    this.#sizes.push(bytes);
    this.#bytes += bytes;
    while (this.#entries.length > LIMITS.requestLogLimit || this.#bytes > BYTE_BOUNDS.requestLogBytes) {
      this.#entries.shift();
      this.#bytes -= must(this.#sizes.shift(), 'a size is kept with each entry');
    }
    return kept;
  }

  /** Bytes of the entries kept, as JSON. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Newest first: of one app or of all, those `visible` lets the reader see. */
  list(
    appid: string | undefined,
    limit: number,
    visible: (appid: string | null) => boolean = () => true,
  ): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    for (let i = this.#entries.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.#entries[i];
      if (entry && (appid === undefined || entry.appid === appid) && visible(entry.appid)) out.push(entry);
    }
    return out;
  }
}
