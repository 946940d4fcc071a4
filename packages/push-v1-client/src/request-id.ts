// requestid is "a request-unique identifier" (the description; it does not say what the service does with a
// repeat). The client fills it in once per call, before the first attempt, so every retry sends the same one:
// one call is one request, however often it is sent, which is what lets the service recognise a repeat.

/** 32 lowercase hex characters from WebCrypto (inside the 10 to 32 characters the service accepts). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

/** Paths whose body carries a requestid, and where: at the top level or in each item of `msg_list`. */
export const REQUEST_ID_PATHS: Readonly<Record<string, 'body' | 'msg_list'>> = {
  '/push_single': 'body',
  '/push_app': 'body',
  '/push_single_batch': 'msg_list',
};

const missing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The body with a requestid wherever the operation needs one and the caller left it out: a copy when one was
 * added (the caller's object is never changed), the same object otherwise.
 */
export function fillRequestIds(path: string, body: unknown, makeId: () => string = newRequestId): unknown {
  const where = REQUEST_ID_PATHS[path];
  if (!where || typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>;
  const filled = (target: Record<string, unknown>) =>
    missing(target.requestid) ? { ...target, requestid: makeId() } : target;
  if (where === 'body') return filled(record);
  const items = record.msg_list;
  if (!Array.isArray(items)) return body;
  const next = items.map((item: unknown) =>
    typeof item === 'object' && item !== null ? filled(item as Record<string, unknown>) : item,
  );
  return next.some((item, i) => item !== items[i]) ? { ...record, msg_list: next } : body;
}
