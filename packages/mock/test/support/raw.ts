// Plain fetch against the mocks, for requests a typed client would refuse to build.
import { inject } from 'vitest';
import type { ApiName } from './documents.js';

export const credentials: Record<ApiName, Record<string, string>> = {
  'push-v1': { authtoken: 'YOUR_AUTH_TOKEN' },
  dmp: { authorization: 'Bearer YOUR_ACCESS_TOKEN' },
};

/** Absolute URL of a document path on its mock, with path parameters and query filled in. */
export function mockUrl(api: ApiName, path: string, params: Record<string, string> = {}, query: Record<string, unknown> = {}) {
  const base = api === 'push-v1' ? `${inject('pushBaseUrl')}/v1/YOUR_APP_ID` : inject('dmpBaseUrl');
  const concrete = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(params[name]!);
  });
  const url = new URL(base + concrete);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.href;
}

export interface RawAnswer {
  status: number;
  contentType: string;
  body: any;
  /** Prism's list of what it found wrong with the request (header `sl-violations` or problem+json). */
  violations: { message: string; code?: string | number; location?: string[] }[];
}

export async function send(
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const header = response.headers.get('sl-violations');
  const violations = header ? JSON.parse(header) : Array.isArray(parsed?.validation) ? parsed.validation : [];
  return {
    status: response.status,
    contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
    body: parsed,
    violations,
  };
}
