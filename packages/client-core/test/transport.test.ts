// The request loop with a small profile and fake fetches: how an attempt ends (timeouts are always TimeoutError,
// a caller's abort is always the caller's reason, whatever the fetch does with its signal), what it sends, and
// what a call resolves with. The fake fetches never answer on their own unless told to.
import { describe, expect, it } from 'vitest';
import {
  createClientCore,
  HttpError,
  NetworkError,
  TimeoutError,
  type CommonOptions,
  type FetchLike,
  type Profile,
} from '../src/index.js';

const profile: Profile = {
  signIn: {
    method: 'POST',
    path: '/token',
    run: async ({ request, now }) => ({
      token: ((await request('POST', '/token')) as { token: string }).token,
      expiresAt: now() + 60_000,
    }),
  },
  tokenHeaders: (token) => ({ 'x-token': token }),
  judge: (answer) =>
    answer.status < 200 || answer.status > 299
      ? { error: new HttpError(answer.http(), answer.context), renewToken: answer.status === 401 }
      : undefined,
  headers: { accept: 'application/json' },
  secrets: ['SECRET-VALUE-1'],
};

/** Answers the token request, and hands every other request to `rest`. */
const withToken =
  (rest: FetchLike): FetchLike =>
  async (request) =>
    new URL(request.url).pathname === '/token' ? Response.json({ token: 'TOKEN-0001' }) : rest(request);

const core = (fetch: FetchLike | undefined, options: CommonOptions = {}) =>
  createClientCore(profile, 'http://127.0.0.1:9', { fetch: fetch && withToken(fetch), retry: false, ...options });

/** Like undici's fetch: rejects with a raw DOMException AbortError once the request's signal aborts, never answers. */
const abortAwareFetch =
  (delayAfterAbortMs = 0): FetchLike =>
  (request) =>
    new Promise((_resolve, reject) => {
      request.signal.addEventListener('abort', () => {
        const raw = new DOMException('This operation was aborted', 'AbortError');
        if (delayAfterAbortMs > 0) setTimeout(() => reject(raw), delayAfterAbortMs);
        else reject(raw);
      });
    });

/** A fetch that ignores its signal and never settles (some custom fetch implementations). */
const deafFetch: FetchLike = () => new Promise<Response>(() => {});

/** Answers headers at once, then a body that never ends and errors with a raw AbortError on abort. */
const stalledBodyFetch: FetchLike = async (request) => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"result":'));
      request.signal.addEventListener('abort', () =>
        controller.error(new DOMException('This operation was aborted', 'AbortError')),
      );
    },
  });
  return new Response(body, { status: 200 });
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('timeouts', () => {
  it('a fetch that rejects with a raw AbortError once aborted gives TimeoutError, and its request is aborted', async () => {
    let signal: AbortSignal | undefined;
    const error = await failure(
      core((request) => ((signal = request.signal), abortAwareFetch()(request)), { timeoutMs: 5 }).request(
        'GET',
        '/op',
      ),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ operation: 'GET /op', timeoutMs: 5, attempts: 1 });
    expect(signal?.aborted).toBe(true);
  });

  it('a timeout while the body is read gives TimeoutError, not the stream error', async () => {
    const error = await failure(core(stalledBodyFetch, { timeoutMs: 5 }).request('GET', '/op'));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a fetch that ignores its signal still ends with TimeoutError', async () => {
    expect(await failure(core(deafFetch, { timeoutMs: 5 }).request('GET', '/op'))).toBeInstanceOf(TimeoutError);
  });

  it('the per-call timeout replaces the client one', async () => {
    const error = await failure(core(abortAwareFetch(), { timeoutMs: 60_000 }).request('GET', '/op', { timeoutMs: 5 }));
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 5 });
  });

  it('a failure that is neither timeout nor abort is a NetworkError naming the host', async () => {
    const error = await failure(core(async () => Promise.reject(new TypeError('fetch failed'))).request('GET', '/op'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ host: '127.0.0.1:9', code: undefined, reason: 'fetch failed' });
    expect((error as Error).cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });
});

describe('aborts by the caller', () => {
  it('rethrow the caller reason itself, not the raw AbortError of fetch', async () => {
    const caller = new AbortController();
    const reason = new Error('caller gave up');
    const pending = failure(core(abortAwareFetch()).request('GET', '/op', { signal: caller.signal }));
    await new Promise((r) => setTimeout(r, 5));
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it('an abort without a reason rethrows the signal own AbortError', async () => {
    const caller = new AbortController();
    const pending = failure(core(abortAwareFetch()).request('GET', '/op', { signal: caller.signal }));
    await new Promise((r) => setTimeout(r, 5));
    caller.abort();
    const error = await pending;
    expect(error).toBe(caller.signal.reason);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('an already aborted signal sends nothing', async () => {
    let sent = 0;
    const caller = new AbortController();
    const reason = new Error('never mind');
    caller.abort(reason);
    const fetch: FetchLike = async () => {
      sent += 1;
      return Response.json({});
    };
    expect(await failure(core(fetch).request('GET', '/op', { signal: caller.signal }))).toBe(reason);
    expect(sent).toBe(0);
  });

  it('the first of caller and timer decides, even when fetch notices the abort late', async () => {
    const caller = new AbortController();
    const reason = new Error('caller first');
    const client = core(abortAwareFetch(30), { timeoutMs: 1 });
    const pending = failure(client.request('GET', '/op', { signal: caller.signal }));
    caller.abort(reason);
    expect(await pending).toBe(reason);
    // The timer first (a fetch that never notices); the caller's later abort does not turn it into an abort.
    const late = new AbortController();
    const error = await failure(core(deafFetch, { timeoutMs: 1 }).request('GET', '/op', { signal: late.signal }));
    late.abort(new Error('too late'));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a fetch that ignores its signal still ends at the caller abort', async () => {
    const caller = new AbortController();
    const reason = new Error('stop');
    const pending = failure(core(deafFetch, { timeoutMs: 0 }).request('GET', '/op', { signal: caller.signal }));
    await new Promise((r) => setTimeout(r, 5));
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });
});

describe('what is sent, and what a call resolves with', () => {
  it('without a custom fetch, calls globalThis.fetch, looked up at call time, with the Request openapi-fetch built', async () => {
    const calls: unknown[][] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (...args: unknown[]) => {
      calls.push(args);
      return new URL((args[0] as Request).url).pathname === '/token'
        ? Response.json({ token: 'TOKEN-0001' })
        : Response.json({ ok: 1 }, { status: 201 });
    }) as typeof fetch;
    try {
      const answer = await createClientCore(profile, 'http://127.0.0.1:9', { retry: false }).request('POST', '/op', {
        body: { a: 1 },
      });
      expect(answer).toEqual({ ok: 1 });
      const [request, init] = calls[1] as [Request, RequestInit];
      expect(request).toBeInstanceOf(Request);
      expect(request.url).toBe('http://127.0.0.1:9/op');
      expect(request.method).toBe('POST');
      expect(await request.text()).toBe('{"a":1}');
      expect(request.headers.get('x-token')).toBe('TOKEN-0001');
      // The attempt's signal, which fetch follows in place of the Request's own.
      expect(init.signal).toBeInstanceOf(AbortSignal);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('without a custom fetch, the signal given to globalThis.fetch is aborted when the attempt times out', async () => {
    let signal: AbortSignal | undefined;
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: Request, init?: RequestInit) => {
      if (new URL(input.url).pathname === '/token') return Response.json({ token: 'TOKEN-0001' });
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    }) as typeof fetch;
    try {
      const error = await failure(
        createClientCore(profile, 'http://127.0.0.1:9', { retry: false, timeoutMs: 5 }).request('GET', '/op'),
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect(signal?.aborted).toBe(true);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a custom fetch gets one Request per attempt, built by openapi-fetch from the call: query, headers, body', async () => {
    const seen: Request[] = [];
    let n = 0;
    const fetch: FetchLike = async (request) => {
      seen.push(request);
      n += 1;
      return n === 1 ? new Response('busy', { status: 503 }) : Response.json({ ok: true });
    };
    const answer = await core(fetch, { retry: { maxRetries: 1, baseDelayMs: 1 } }).request(
      'POST',
      '/op/{id}',
      {
        params: { path: { id: 'a b' }, query: { q: 'x' } },
        headers: { 'x-trace': 't-1' },
        body: { n: 1 },
      },
      { retrySafe: true },
    );
    expect(answer).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request).toBeInstanceOf(Request);
      expect(request.url).toBe('http://127.0.0.1:9/op/a%20b?q=x');
      expect(request.method).toBe('POST');
      expect(request.headers.get('x-trace')).toBe('t-1');
      expect(request.headers.get('accept')).toBe('application/json');
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(request.headers.get('x-token')).toBe('TOKEN-0001');
      expect(await request.text()).toBe('{"n":1}');
    }
  });

  it('a refused token is renewed once and the call repeated with the same body', async () => {
    const tokens: (string | null)[] = [];
    let issued = 0;
    const fetch: FetchLike = async (request) => {
      if (new URL(request.url).pathname === '/token') return Response.json({ token: `TOKEN-${++issued}` });
      tokens.push(request.headers.get('x-token'));
      return tokens.length === 1 ? new Response('', { status: 401 }) : Response.json({ ok: true });
    };
    const client = createClientCore(profile, 'http://127.0.0.1:9', { fetch, retry: false });
    expect(await client.request('GET', '/op')).toEqual({ ok: true });
    expect(tokens).toEqual(['TOKEN-1', 'TOKEN-2']);
  });

  it('an empty 204 resolves with undefined', async () => {
    expect(await core(async () => new Response(null, { status: 204 })).request('DELETE', '/op')).toBeUndefined();
  });
});
