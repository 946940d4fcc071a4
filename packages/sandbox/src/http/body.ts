// Reads a request body under the sandbox's limits and parses it as JSON. Each refusal says what is wrong and
// where, with the status a client expects: 413 too large, 415 not JSON, 400 malformed.
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../shared/config.js';
import { Refusal } from '../shared/refusal.js';

/** The connection closed before the whole body arrived. */
export class ClientGoneError extends Error {}

/** The raw body, or undefined when there is none. Refuses a body over the limit before reading all of it. */
export function readBody(req: IncomingMessage, limit = LIMITS.maxBodyBytes): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(tooLarge(declared, limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        reject(tooLarge(size, limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(size === 0 ? undefined : Buffer.concat(chunks, size));
    });
    req.on('error', () => {
      if (!refused) reject(new ClientGoneError('the connection failed before the body arrived'));
    });
    req.on('close', () => {
      if (!req.complete && !refused) reject(new ClientGoneError('the connection closed before the body arrived'));
    });
  });
}

const tooLarge = (size: number, limit: number) =>
  new Refusal('body-too-large', `the body has ${size} bytes or more; the sandbox accepts at most ${limit}`, 413);

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** Throws a 415 Refusal unless the content type is JSON in UTF-8. */
export function requireJson(contentType: string | undefined): void {
  const [type = '', ...params] = (contentType ?? '').split(';').map((part) => part.trim());
  if (!type)
    throw new Refusal(
      'unsupported-media-type',
      'the request has no Content-Type; send Content-Type: application/json (with {} as the body when there is none)',
      415,
    );
  if (!JSON_TYPE.test(type)) {
    throw new Refusal(
      'unsupported-media-type',
      `Content-Type is ${type.slice(0, 100)}; send Content-Type: application/json`,
      415,
    );
  }
  const charset = params
    .find((p) => /^charset=/i.test(p))
    ?.slice(8)
    .replace(/"/g, '');
  if (charset && !/^utf-?8$/i.test(charset)) {
    throw new Refusal('unsupported-media-type', `charset ${charset.slice(0, 40)} is not supported; send UTF-8`, 415);
  }
}

/** One decoder for every body: a decode() without `stream` keeps no state between calls, and making one per request showed in the profile. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON value of a body, checked for content type, UTF-8, syntax, nesting depth and array sizes. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  requireJson(contentType);
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw new Refusal('invalid-utf8', `the body is not valid UTF-8 (at byte ${firstInvalidUtf8(raw)})`, 400);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Refusal('malformed-body', `the body is not valid JSON: ${(error as Error).message}`, 400);
  }
  checkShape(value);
  return value;
}

/** Offset of the first byte sequence that is not UTF-8 (a stray continuation byte, a bad lead byte, a cut sequence). */
function firstInvalidUtf8(raw: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < raw.length; ) {
    const lead = raw.readUInt8(i);
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0) return i;
    try {
      decoder.decode(raw.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return raw.length;
}

/** A value of a body being checked, and where it is: its key and its parent's entry (the path is made only for a refusal). */
interface ShapeEntry {
  value: object;
  key: string | number;
  parent: ShapeEntry | undefined;
  depth: number;
}

const pathOf = (entry: ShapeEntry): string => {
  const keys: (string | number)[] = [];
  for (let at: ShapeEntry | undefined = entry; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/** Scalars need no check: only objects and arrays go on the stack. */
function pushObject(stack: ShapeEntry[], item: unknown, key: string | number, parent: ShapeEntry): void {
  if (typeof item === 'object' && item !== null) stack.push({ value: item, key, parent, depth: parent.depth + 1 });
}

/**
 * Depth and array-size limits, checked without recursion (a deep body must not exhaust the stack). Only objects and
 * arrays are walked, and a path is made only for a refusal: a path per value was most of what the check allocated.
 */
function checkShape(root: unknown): void {
  if (typeof root !== 'object' || root === null) return;
  const stack: ShapeEntry[] = [{ value: root, key: 'body', parent: undefined, depth: 0 }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, depth } = entry;
    if (depth >= LIMITS.maxDepth) {
      throw new Refusal('too-deep', `${pathOf(entry)} is nested deeper than ${LIMITS.maxDepth} levels`, 400);
    }
    if (Array.isArray(value) && value.length > LIMITS.maxArrayItems) {
      throw new Refusal(
        'array-too-large',
        `${pathOf(entry)} has ${value.length} items; the sandbox accepts at most ${LIMITS.maxArrayItems}`,
        413,
      );
    }
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) pushObject(stack, value[i], i, entry);
    else for (const key in value) pushObject(stack, (value as Record<string, unknown>)[key], key, entry);
  }
}
