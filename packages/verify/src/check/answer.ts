// One answer of the service as the checks read it.
export interface ServiceAnswer {
  status: number;
  /** The media type without parameters, such as `application/json`. */
  contentType: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
  /** The body as received. */
  text: string;
}

export function parseAnswer(status: number, contentTypeHeader: string | null, text: string): ServiceAnswer {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status, contentType: (contentTypeHeader ?? '').split(';')[0]!.trim().toLowerCase(), body, text };
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `result` (push v1) or `code` (DMP) of an answer. */
export function outcomeOf(answer: ServiceAnswer): { result?: string; desc?: string } {
  const b = isObject(answer.body) ? answer.body : {};
  const result = typeof b.result === 'string' ? b.result : typeof b.code === 'string' ? b.code : undefined;
  return { ...(result !== undefined ? { result } : {}), ...(typeof b.desc === 'string' ? { desc: b.desc } : {}) };
}
