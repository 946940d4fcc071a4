// The control token of a sandbox started with --control-token. It comes once in the address (#token=…), whose
// fragment never reaches the server nor its logs, or from the page's token form. It is kept in sessionStorage,
// so it lasts for this tab only (never localStorage, never a cookie, which the browser would send by itself), and
// it is sent as `Authorization: Bearer …` on every control call and on the event stream, never in a URL.
const KEY = 'pushapi-sandbox-control-token';

/** When storage is refused (a private window), the token lasts until the page is closed. */
let kept: string | undefined;

export function controlToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? kept;
  } catch {
    return kept;
  }
}

export function saveToken(token: string): void {
  kept = token;
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // kept in memory only
  }
}

/**
 * Takes `token=` out of the address at once (replacing the history entry, so Back does not bring it back), keeping
 * the rest of the fragment as it was written (the page's view, #app=…&cid=…, or the console's operation,
 * #push-v1/pushSingle). True when the address held one.
 */
export function takeTokenFromAddress(): boolean {
  const parts = location.hash.slice(1).split('&');
  const at = parts.findIndex((part) => part.startsWith('token='));
  if (at < 0) return false;
  const token = new URLSearchParams(parts[at]).get('token') ?? '';
  parts.splice(at, 1);
  const rest = parts.join('&');
  history.replaceState(history.state, '', rest ? `#${rest}` : location.pathname + location.search);
  if (token) saveToken(token);
  return true;
}

/** The headers of a control call: the token's, when the page has one. */
export function authHeaders(): Record<string, string> {
  const token = controlToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}
