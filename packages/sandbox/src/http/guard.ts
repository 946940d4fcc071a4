// What any web page the developer opens must not be able to do to a sandbox on their machine. A page can send
// requests to 127.0.0.1; it cannot choose the Host header its browser sends (the name in its own address), and
// its browser names the page's origin in `Origin`. So:
// - Host: only names that cannot point at an attacker's page (localhost, *.localhost, an IP address) and the names
//   given with --allowed-host are answered: a page on a domain re-resolved to 127.0.0.1 (DNS rebinding) is not;
// - Origin: a control call from a page of another origin is refused, whatever its method or content type;
// - control writes need Content-Type: application/json (server.ts), which no form and no `no-cors` fetch can send.
// The control token and the app tokens are checked in team-tokens.ts, in constant time.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { Refusal } from '../shared/refusal.js';

/** Shortest control token accepted: a short one can be guessed by a page that tries. */
export const MIN_TOKEN_LENGTH = 16;

/** The host name of a Host header, without its port (and without the brackets of an IPv6 address). */
export function hostName(host: string): string | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? '').toLowerCase().replace(/\.$/, '');
}

const alwaysAllowed = (name: string) => name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0;

export interface Guard {
  /** Throws a 403 Refusal unless the Host header names this sandbox. */
  checkHost(headers: IncomingHttpHeaders): void;
  /** Throws a 403 Refusal when the request comes from a page of another origin. */
  checkOrigin(headers: IncomingHttpHeaders): void;
}

export function createGuard(options: { allowedHosts: readonly string[] }): Guard {
  const allowed = new Set(options.allowedHosts.map((h) => hostName(h) ?? h.toLowerCase()));
  return {
    checkHost(headers) {
      const host = headers.host ?? '';
      const name = hostName(host);
      if (name !== undefined && (alwaysAllowed(name) || allowed.has(name))) return;
      throw new Refusal(
        'forbidden-host',
        `Host "${host.slice(0, 100)}" is not a name this sandbox answers to: it answers to localhost, an IP address, and the names given with --allowed-host (or SANDBOX_ALLOWED_HOSTS); add this one there if the sandbox is reached by it`,
        403,
      );
    },
    checkOrigin(headers) {
      const origin = headers.origin;
      if (origin === undefined) return;
      if (origin === `http://${headers.host ?? ''}`) return;
      throw new Refusal(
        'forbidden-origin',
        `Origin "${origin.slice(0, 100)}" is not the sandbox's own (http://${(headers.host ?? '').slice(0, 100)}): the control API answers its own pages, tests and tools, never a page of another origin`,
        403,
      );
    },
  };
}
