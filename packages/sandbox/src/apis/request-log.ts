// Recent requests with their operation and outcome, so a refused request can be read without the server's
// console. Nothing secret is kept: no header, no query (the DMP sign-in sends its signs there), and no body but
// that of a push (push v1 bodies of the operations that send content carry no credential: the token is a header),
// which the inbox page shows beside the messages it made.
import { LIMITS } from '../config.js';
import type { components } from '../generated/schema.js';

export type RequestLogEntry = components['schemas']['RequestLogEntry'];

/** The push v1 operations whose body the log keeps, and the largest body it keeps (bytes of the JSON received). */
const PUSHES = new Set(['push_single', 'push_single_batch', 'save_list_body', 'push_list', 'push_app']);
const MAX_KEPT_BODY_BYTES = 64 * 1024;

/** Notes on a push v1 request's entry the tasks its answer names and, for a push, its body (when not too large). */
export function notePush(entry: Omit<RequestLogEntry, 'id'>, operation: string, rawBytes: number, body: unknown, answer: unknown): void {
  const taskid = (answer as { taskid?: unknown } | undefined)?.taskid;
  if (typeof taskid === 'string') entry.taskids = [taskid];
  if (!PUSHES.has(operation) || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  entry.body = rawBytes <= MAX_KEPT_BODY_BYTES ? (body as Record<string, unknown>) : null;
}

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
