// What a server found wrong with a request, read from either form it arrives in: a problem+json body's
// `validation` list (Prism's 422), a JSON body's `validation` (the sandbox's DMP 400), or the `sl-violations`
// header (Prism, where the document declares its own 400). Each item: { location: string[], severity, code, message }.

export interface Violation {
  /** Where, such as ['body', 'message', 'msgtype']. */
  location: string[];
  /** What is wrong, such as 'must be equal to one of the allowed values'. */
  message: string;
  severity?: string | undefined;
  code?: string | number | undefined;
}

function normalize(item: unknown, scrub: (text: string) => string): Violation | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const { location, message, severity, code } = item as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return {
    location: Array.isArray(location) ? location.map((part) => scrub(String(part))) : [],
    message: scrub(message),
    ...(typeof severity === 'string' ? { severity } : {}),
    ...(typeof code === 'string' ? { code: scrub(code) } : typeof code === 'number' ? { code } : {}),
  };
}

/** The violations of an answer: from the `sl-violations` header, else from the body's `validation` list. */
export function readViolations(header: string | null, body: unknown, scrub: (text: string) => string): Violation[] {
  let items: unknown;
  if (header) {
    try {
      items = JSON.parse(header);
    } catch {
      items = undefined; // a header that is not JSON lists nothing usable
    }
  }
  if (!Array.isArray(items)) items = (body as { validation?: unknown } | undefined)?.validation;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => normalize(item, scrub) ?? []);
}
