// A fetch for the clients that keeps a copy of every answer as it came off the wire, so tests can check
// the status, media type and body the mock sent, before the client interprets them.
export interface Recorded {
  method: string;
  url: string;
  requestHeaders: Headers;
  status: number;
  mediaType: string;
  headers: Headers;
  body: unknown;
}

export function recordingFetch() {
  const log: Recorded[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const requestHeaders = new Headers(request.headers);
    const response = await globalThis.fetch(request);
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // keep the text
    }
    log.push({
      method: request.method,
      url: request.url,
      requestHeaders,
      status: response.status,
      mediaType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      headers: response.headers,
      body,
    });
    return response;
  };
  return { fetch, log, last: (): Recorded => log.at(-1)! };
}
