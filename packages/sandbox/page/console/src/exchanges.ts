// Every request the console's clients send, with its answer, as it went over the wire: the clients are given this
// recording `fetch` (their documented option), so the console shows the raw answer and the sign-ins they made.
// A recorded exchange is kept in memory only: what the page shows of a sign-in is chosen in signin-steps.ts.

export interface Exchange {
  method: string;
  /** The full URL, query included. */
  url: string;
  requestText: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  text: string;
}

export interface Recorder {
  fetch(request: Request): Promise<Response>;
  /** The exchanges recorded since the last call, oldest first; the record starts afresh. */
  take(): Exchange[];
}

export function createRecorder(): Recorder {
  let recorded: Exchange[] = [];
  return {
    async fetch(request) {
      const requestText = await request.clone().text();
      const response = await fetch(request);
      const text = await response.clone().text();
      const { method, url } = request;
      recorded.push({
        method,
        url,
        requestText,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        text,
      });
      return response;
    },
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
  };
}

/** The exchange's answer as JSON, or undefined (empty, or not JSON). */
export function answerJson(exchange: Pick<Exchange, 'text'>): unknown {
  try {
    return exchange.text ? (JSON.parse(exchange.text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
