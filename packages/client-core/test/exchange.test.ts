// How one exchange ends: timeouts are always TimeoutError, a caller's abort is always the caller's reason,
// whatever the fetch implementation does with its signal. Fake fetches make every case deterministic:
// they never answer on their own, so only the timer or the caller can end the attempt.
import { describe, expect, it } from 'vitest';
import { exchange, NetworkError, PlainRequest, resolveRetry, SecretSet, TimeoutError, toOutgoing, untilAborted, type FetchLike, type Runtime } from '../src/index.js';

const runtime = (fetch: FetchLike | undefined, timeoutMs: number): Runtime => ({
  fetch,
  now: Date.now,
  sleep: async () => {},
  random: () => 0,
  retry: resolveRetry(false),
  timeoutMs,
  secrets: new SecretSet(),
});

const outgoing = { url: 'http://127.0.0.1:9/op', method: 'GET', headers: new Headers() };

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
      request.signal.addEventListener('abort', () => controller.error(new DOMException('This operation was aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200 });
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the exchange to fail');
    },
    (error: unknown) => error,
  );

describe('exchange: timeouts', () => {
  it('a fetch that rejects with a raw AbortError on timeout gives TimeoutError with that cause', async () => {
    const error = await failure(exchange(runtime(abortAwareFetch(), 5), 'op', outgoing));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', operation: 'op', timeoutMs: 5 });
    expect((error as Error).cause).toMatchObject({ name: 'AbortError' });
  });

  it('a timeout while the body is read gives TimeoutError, not the stream error', async () => {
    const error = await failure(exchange(runtime(stalledBodyFetch, 5), 'op', outgoing));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).cause).toMatchObject({ name: 'AbortError' });
  });

  it('a fetch that ignores its signal still ends with TimeoutError on time', async () => {
    const error = await failure(exchange(runtime(deafFetch, 5), 'op', outgoing));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('the per-call timeout replaces the runtime one', async () => {
    const error = await failure(exchange(runtime(abortAwareFetch(), 60_000), 'op', outgoing, { timeoutMs: 5 }));
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 5 });
  });

  it('a failure that is neither timeout nor abort is a NetworkError', async () => {
    const error = await failure(exchange(runtime(async () => Promise.reject(new TypeError('fetch failed')), 60_000), 'op', outgoing));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe('exchange: aborts by the caller', () => {
  it('rethrow the caller reason itself, not the raw AbortError of fetch', async () => {
    const caller = new AbortController();
    const reason = new Error('caller gave up');
    const pending = failure(exchange(runtime(abortAwareFetch(), 60_000), 'op', outgoing, { signal: caller.signal }));
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it('an abort without a reason rethrows the signal own AbortError', async () => {
    const caller = new AbortController();
    const pending = failure(exchange(runtime(abortAwareFetch(), 60_000), 'op', outgoing, { signal: caller.signal }));
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
      return new Response('{}');
    };
    expect(await failure(exchange(runtime(fetch, 60_000), 'op', outgoing, { signal: caller.signal }))).toBe(reason);
    expect(sent).toBe(0);
  });

  it('the first of caller and timer decides, even when fetch notices the abort late', async () => {
    // The caller aborts at once; the timer (1 ms) fires while the fetch is still taking 30 ms to reject.
    const caller = new AbortController();
    const reason = new Error('caller first');
    const pending = failure(exchange(runtime(abortAwareFetch(30), 1), 'op', outgoing, { signal: caller.signal }));
    caller.abort(reason);
    expect(await pending).toBe(reason);
    // The timer first (1 ms, with a fetch that never notices); the caller's later abort does not turn it into an abort.
    const late = new AbortController();
    const timedOut = failure(exchange(runtime(deafFetch, 1), 'op', outgoing, { signal: late.signal }));
    const error = await timedOut;
    late.abort(new Error('too late'));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a fetch that ignores its signal still ends at the caller abort', async () => {
    const caller = new AbortController();
    const reason = new Error('stop');
    const pending = failure(exchange(runtime(deafFetch, 0), 'op', outgoing, { signal: caller.signal }));
    caller.abort(reason);
    expect(await pending).toBe(reason);
  });
});

describe('untilAborted', () => {
  it('passes the result through, or rejects with the reason without waiting, dropping the late failure', async () => {
    expect(await untilAborted(new AbortController().signal, async () => 7)).toBe(7);
    expect(await untilAborted(undefined, async () => 8)).toBe(8);
    const controller = new AbortController();
    let rejectWork: (error: Error) => void = () => {};
    const pending = failure(untilAborted(controller.signal, () => new Promise((_r, reject) => (rejectWork = reject))));
    const reason = new Error('abandoned');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    rejectWork(new Error('late failure')); // handled: no unhandled rejection
    await expect(untilAborted(controller.signal, async () => 9)).rejects.toBe(reason);
  });
});

describe('exchange: the request it sends', () => {
  it('without a custom fetch, calls globalThis.fetch with URL + init (no Request object), at call time', async () => {
    const calls: unknown[][] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (...args: unknown[]) => {
      calls.push(args);
      return new Response('{"ok":1}', { status: 201 });
    }) as typeof fetch;
    try {
      const headers = new Headers({ 'content-type': 'application/json' });
      const answer = await exchange(runtime(undefined, 60_000), 'op', { url: 'http://127.0.0.1:9/op', method: 'POST', headers, body: '{"a":1}' });
      expect(answer).toMatchObject({ status: 201, text: '{"ok":1}' });
      const [input, init] = calls[0] as [unknown, RequestInit];
      expect(input).toBe('http://127.0.0.1:9/op');
      expect(init).toMatchObject({ method: 'POST', headers, body: '{"a":1}' });
      expect(init.signal).toBeInstanceOf(AbortSignal);
    } finally {
      globalThis.fetch = original;
    }
  });

  it('a custom fetch gets one Request per attempt, with method, headers, body and signal', async () => {
    let seen: Request | undefined;
    const fetch: FetchLike = async (request) => {
      seen = request;
      return new Response('{}');
    };
    await exchange(runtime(fetch, 60_000), 'op', { url: 'http://127.0.0.1:9/op', method: 'POST', headers: new Headers({ authtoken: 'T' }), body: 'x' });
    expect(seen).toBeInstanceOf(Request);
    expect(seen?.method).toBe('POST');
    expect(seen?.headers.get('authtoken')).toBe('T');
    expect(await seen?.text()).toBe('x');
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('PlainRequest and toOutgoing', () => {
  it('PlainRequest keeps what openapi-fetch computed, and refuses a body that is not a string', () => {
    const headers = new Headers({ a: '1' });
    const request = new PlainRequest('http://127.0.0.1:9/x', { method: 'POST', headers, body: '{}' });
    expect(request).toMatchObject({ url: 'http://127.0.0.1:9/x', method: 'POST', body: '{}', signal: undefined });
    expect(request.headers).toBe(headers);
    expect(() => new PlainRequest('http://127.0.0.1:9/x', { method: 'POST', body: new Blob(['x']) })).toThrow(TypeError);
  });

  it('toOutgoing reads a Request once, into plain data with headers of its own', async () => {
    const request = new Request('http://127.0.0.1:9/x', { method: 'POST', headers: { a: '1' }, body: '{"b":2}' });
    const out = await toOutgoing(request);
    expect(out).toMatchObject({ url: 'http://127.0.0.1:9/x', method: 'POST', body: '{"b":2}' });
    out.headers.set('a', '2');
    expect(request.headers.get('a')).toBe('1');
    expect((await toOutgoing(new Request('http://127.0.0.1:9/y'))).body).toBeUndefined();
  });
});
