// --record: each exchange as one JSON line of <dir>/exchanges.jsonl, credentials redacted.
import fs from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../secrets.js';

export const RECORDING_FILE = 'exchanges.jsonl';

export interface RecordedExchange {
  at: string;
  api: 'push-v1' | 'dmp';
  operationId: string;
  request: {
    method: string;
    path: string;
    query?: Record<string, string>;
    headers: Record<string, string>;
    body?: unknown;
  };
  response: { status: number; headers: Record<string, string>; body?: unknown };
  /** Set when the proxy refused the request itself (allow list). */
  refusedLocally?: boolean;
}

export class Recorder {
  readonly #file: string;

  constructor(
    dir: string,
    private readonly redactor: Redactor,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.#file = path.join(dir, RECORDING_FILE);
  }

  write(exchange: RecordedExchange): void {
    const r = this.redactor;
    const line: RecordedExchange = {
      ...exchange,
      request: {
        ...exchange.request,
        headers: r.headers(exchange.request.headers),
        ...(exchange.request.query ? { query: r.value(exchange.request.query) } : {}),
        ...(exchange.request.body !== undefined ? { body: r.value(exchange.request.body) } : {}),
      },
      response: {
        ...exchange.response,
        headers: r.headers(exchange.response.headers),
        ...(exchange.response.body !== undefined ? { body: r.value(exchange.response.body) } : {}),
      },
    };
    fs.appendFileSync(this.#file, `${r.text(JSON.stringify(line))}\n`);
  }
}
