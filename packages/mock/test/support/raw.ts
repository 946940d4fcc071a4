// Plain fetch against the mocks, for requests a typed client would refuse to build.
import { deref, serverBasePath } from '@pushapi/openapi/walk';
import { inject } from 'vitest';
import { documents, type ApiName } from './documents.js';

/**
 * Headers carrying a placeholder credential for every security scheme the document declares (Prism checks only
 * that one is present): an API key header gets a value, a bearer scheme an Authorization header.
 */
export function credentials(api: ApiName): Record<string, string> {
  const doc = documents[api];
  const headers: Record<string, string> = {};
  for (const raw of Object.values<any>(doc.components?.securitySchemes ?? {})) {
    const scheme = deref(doc, raw);
    if (scheme.type === 'apiKey' && scheme.in === 'header') headers[scheme.name.toLowerCase()] = 'YOUR_CREDENTIAL';
    else if (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme))
      headers.authorization = 'Bearer YOUR_CREDENTIAL';
    else throw new Error(`${api}: no placeholder credential for security scheme type ${scheme.type}`);
  }
  return headers;
}

/** The mock's base URL with the document's base path, its variables set to their defaults (`/v1/YOUR_APP_ID`). */
export function mockBase(api: ApiName): string {
  const server = documents[api].servers?.[0] ?? { url: '' };
  const basePath = serverBasePath(server.url).replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`${api}: server variable ${name} has no default`);
    return encodeURIComponent(value);
  });
  const baseUrl = inject('baseUrls')[api];
  if (!baseUrl) throw new Error(`no mock runs for ${api}`);
  return baseUrl + basePath;
}

/** Absolute URL of a document path on its mock, with path parameters and query filled in. */
export function mockUrl(
  api: ApiName,
  path: string,
  params: Record<string, string> = {},
  query: Record<string, unknown> = {},
) {
  const concrete = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(params[name]!);
  });
  const url = new URL(mockBase(api) + concrete);
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
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
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
