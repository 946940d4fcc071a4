// Identifiers made on either side of the wire. An appid is chosen before an app is created, by the server or by a
// caller, so that a balancer routing by appid sends the creation where every later call of the app goes. Web
// Crypto's generator (Node's globalThis.crypto, a browser's), so that a client in either can make them.

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes drawn from one buffer filled 4 KiB at a time (as Node's randomUUID does): an app takes five ids, and
 * a call into the generator each was 2% of a test suite's time. The same generator, fewer calls into it.
 */
const POOL_SIZE = 4096;
let pool: Uint8Array = new Uint8Array(0);
let taken = 0;

/** `length` random bytes (getRandomValues fills at most 65,536 at a time). */
function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return bytes;
}

function randomBytesFromPool(length: number): Uint8Array {
  if (length > POOL_SIZE) return randomBytes(length);
  if (taken + length > pool.length) {
    pool = randomBytes(POOL_SIZE);
    taken = 0;
  }
  taken += length;
  return pool.subarray(taken - length, taken);
}

/** Random letters and digits, like the service's appids and keys. */
export function randomId(length: number): string {
  const bytes = randomBytesFromPool(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** A fresh appid (`app-` and 12 letters or digits), optionally under a team's prefix (`ci-web-` gives `ci-web-…`). */
export function newAppId(prefix = 'app-'): string {
  return `${prefix}${randomId(12)}`;
}
