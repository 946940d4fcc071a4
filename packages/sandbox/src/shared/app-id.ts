// Identifiers made on either side of the wire. An appid is chosen before an app is created, by the server or by a
// caller, so that a balancer routing by appid sends the creation where every later call of the app goes.
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes drawn from one buffer filled 4 KiB at a time (as Node's randomUUID does): an app takes five ids, and
 * a call of randomBytes each was 2% of a test suite's time. The same generator, fewer calls into it.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

function randomBytesFromPool(length: number): Buffer {
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
