// requestid makes a push idempotent on the service side: a repeated request with the same id is not
// pushed twice. The client fills it in once per call, before the first attempt, so every retry reuses it.

/** 32 lowercase hex characters from WebCrypto (inside the 10 to 32 characters the service accepts). */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

/** Operations whose body carries a requestid, and where: at the top level or in each item of `msg_list`. */
export const REQUEST_ID_OPERATIONS: Readonly<Record<string, 'body' | 'msg_list'>> = {
  push_single: 'body',
  push_app: 'body',
  push_single_batch: 'msg_list',
};

const missing = (value: unknown) => value === undefined || value === null || value === '';

/** Returns the body text with a requestid wherever the operation needs one and the caller left it out. */
export function fillRequestIds(operation: string, bodyText: string, makeId: () => string = newRequestId): string {
  const where = REQUEST_ID_OPERATIONS[operation];
  if (!where || !bodyText) return bodyText;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return bodyText;
  }
  if (typeof body !== 'object' || body === null) return bodyText;
  const record = body as Record<string, unknown>;
  let changed = false;
  const fill = (target: Record<string, unknown>) => {
    if (missing(target.requestid)) {
      target.requestid = makeId();
      changed = true;
    }
  };
  if (where === 'body') fill(record);
  else if (Array.isArray(record.msg_list)) {
    for (const item of record.msg_list) if (typeof item === 'object' && item !== null) fill(item as Record<string, unknown>);
  }
  return changed ? JSON.stringify(record) : bodyText;
}
