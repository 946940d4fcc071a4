// Identifiers made on either side of the wire. An appid is chosen before an app is created, by the server or by a
// caller, so that a balancer routing by appid sends the creation where every later call of the app goes.
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, like the service's appids and keys. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** A fresh appid (`app-` and 12 letters or digits), optionally under a team's prefix (`ci-web-` gives `ci-web-…`). */
export function newAppId(prefix = 'app-'): string {
  return `${prefix}${randomId(12)}`;
}
