// The request as typed, checked by the sandbox's own validation (POST /control/check) a moment after each change,
// and the JSON parse error of the body, with its line, before that.
import { useEffect, useState } from 'preact/hooks';
import { control } from '../../src/api.js';
import { errorText } from '../../src/base-store.js';
import type { Violation } from './answer.js';
import type { ApiName, CatalogueOperation } from './catalogue.js';

export type Check =
  | { state: 'idle' }
  | { state: 'json'; message: string; line: number }
  | { state: 'checked'; violations: Violation[]; operation: string };

/** The JSON parse error of a text, with its line (Chromium says `at position N`). */
export function jsonError(text: string): { message: string; line: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = errorText(error);
    const position = /position (\d+)/.exec(message);
    return { message, line: position ? text.slice(0, Number(position[1])).split('\n').length : 1 };
  }
}

/** The operation's path and query parameters, as typed (an empty query parameter is left out). */
export function paramsOf(op: CatalogueOperation, params: Record<string, string>) {
  const pick = (where: 'path' | 'query') =>
    op.parameters.filter((p) => p.in === where).map((p) => [p.name, params[p.name] ?? ''] as const);
  return {
    path: Object.fromEntries(pick('path')),
    query: Object.fromEntries(pick('query').filter(([, v]) => v !== '')),
  };
}

export function useCheck(
  api: ApiName,
  op: CatalogueOperation | undefined,
  bodyText: string,
  params: Record<string, string>,
): Check {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  useEffect(() => {
    if (!op) return;
    const broken = op.body && bodyText.trim() !== '' ? jsonError(bodyText) : undefined;
    if (broken) {
      setCheck({ state: 'json', ...broken });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = op.body && bodyText.trim() !== '' ? (JSON.parse(bodyText) as unknown) : undefined;
      control
        .POST('/check', {
          body: { api, operationId: op.operationId, ...paramsOf(op, params), ...(body === undefined ? {} : { body }) },
          signal: controller.signal,
        })
        .then(({ data: result }) => {
          if (result) setCheck({ state: 'checked', violations: result.violations, operation: result.operation });
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [op, api, bodyText, params]);
  return check;
}
