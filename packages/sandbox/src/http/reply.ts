// Answers, in the shape each interface uses: push v1 JSON with `result` (and problem details for refused
// requests, plus `result: invalid_param` and `desc`), DMP JSON with `code` (violations also in `sl-violations`,
// as the Prism mock sends them), control problem details (RFC 9457).
import type { ServerResponse } from 'node:http';
import type { ApiName } from '../documents.js';
import { describeViolation, type Violation } from '../validation/explain.js';

export interface Reply {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** For the request log: the `result` or `code` answered, its desc, and what was wrong. */
  outcome?: string | null;
  desc?: string | null;
  violations?: Violation[];
}

export const json = (status: number, body: unknown): Reply => {
  const record = body as Record<string, unknown> | undefined;
  const outcome = typeof record?.result === 'string' ? record.result : typeof record?.code === 'string' ? record.code : null;
  return { status, body, outcome, desc: typeof record?.desc === 'string' ? record.desc : null };
};

/** Header values are Latin-1: anything else in a violation (a property name from the body) is escaped. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A refused request: the status, what kind of problem, and each violation (the most useful first). */
export function problem(api: ApiName | 'none', status: number, kind: string, title: string, detail: string, validation: Violation[] = []): Reply {
  const desc = validation.length > 0 ? describeViolation(validation[0]!) : detail;
  const details = { type: `urn:pushapi:sandbox:${kind}`, title, status, detail, ...(validation.length > 0 ? { validation } : {}) };
  const common = { status, desc, violations: validation };
  if (api === 'dmp') {
    return {
      ...common,
      contentType: 'application/json',
      headers: validation.length > 0 ? { 'sl-violations': headerSafe(JSON.stringify(validation)) } : {},
      body: { code: String(status), desc, ...(validation.length > 0 ? { validation } : {}) },
      outcome: String(status),
    };
  }
  const refused = api === 'push-v1' && status !== 404 && status !== 405;
  return {
    ...common,
    contentType: 'application/problem+json',
    body: refused ? { ...details, result: 'invalid_param', desc } : details,
    outcome: refused ? 'invalid_param' : null,
  };
}

export function send(res: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(text) };
  if (text) headers['content-type'] = `${reply.contentType ?? 'application/json'}; charset=utf-8`;
  res.writeHead(reply.status, headers);
  res.end(text);
}
