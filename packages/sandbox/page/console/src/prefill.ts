// A document example made ready to send to an app of the sandbox: the example's placeholders that name the app
// (message.appkey) and its devices (cid) become the chosen app's, and each requestid is a new one, so that a send
// delivers (the sandbox, as the service, answers a repeated requestid with the first answer and pushes nothing).

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A new requestid: 24 characters (the newer service accepts 10 to 32). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface Prefill {
  value: unknown;
  /** What was changed, in words, for the reader. */
  changes: string[];
}

export function prefill(
  example: unknown,
  app: { appkey: string; devices: readonly string[]; preferred: string | undefined },
): Prefill {
  const changes = new Set<string>();
  const target = app.preferred ?? app.devices[0];
  const walk = (value: unknown, key: string | undefined, parent: string | undefined): unknown => {
    if (Array.isArray(value)) {
      if (key === 'cid' && target && value.every((v) => typeof v === 'string')) {
        if (value.every((v) => app.devices.includes(v as string))) return value;
        changes.add(`cid: ${target}, a device of this app`);
        return [target];
      }
      return value.map((item) => walk(item, undefined, key));
    }
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, key)]));
    if (key === 'requestid' && typeof value === 'string') {
      changes.add('requestid: a new one');
      return newRequestId();
    }
    if (key === 'appkey' && parent === 'message' && typeof value === 'string' && value !== app.appkey) {
      changes.add("message.appkey: this app's appkey");
      return app.appkey;
    }
    if (key === 'cid' && typeof value === 'string' && target && !app.devices.includes(value)) {
      changes.add(`cid: ${target}, a device of this app`);
      return target;
    }
    return value;
  };
  return { value: walk(example, undefined, undefined), changes: [...changes] };
}

/** The same body with every requestid renewed (after a send, for the next one). */
export function renewRequestIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renewRequestIds);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'requestid' && typeof v === 'string' ? newRequestId() : renewRequestIds(v),
    ]),
  );
}

/** The task ids an answer names (push_single's taskid, push_single_batch's per message, push_list's). */
export function taskIdsOf(answer: unknown, out = new Set<string>()): string[] {
  if (Array.isArray(answer)) answer.forEach((item) => taskIdsOf(item, out));
  else if (isObject(answer)) {
    for (const [key, value] of Object.entries(answer)) {
      if (key === 'taskid' && typeof value === 'string') out.add(value);
      else taskIdsOf(value, out);
    }
  }
  return [...out];
}
