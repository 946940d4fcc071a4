// Finds the operation of a request: each interface's document is routed under its mount by the shared walker's
// router. An unknown path gets the operations that exist nearby, so a typo is answered with its correction; a
// known path with another method gets the methods it has.
import { createRouter, type Document, type Router as DocumentRouter } from '@pushapi/openapi/walk';
import { documentOf, SERVED, type ApiName, type OperationSpec } from '../start/documents.js';
import { Refusal } from '../shared/refusal.js';
import { nearest } from './nearby.js';
import { must } from '../shared/must.js';

export type RouteResult =
  | { kind: 'match'; op: OperationSpec; params: Record<string, string> }
  | { kind: 'method'; api: ApiName; allowed: string[] }
  | { kind: 'none'; api: ApiName | undefined; suggestions: string[] };

interface Mounted {
  api: ApiName;
  mount: string;
  /** The first segment of the mount (`v1`, `dmp`, `control`). */
  prefix: string;
  route: DocumentRouter;
  specs: Map<string, OperationSpec>;
}

export class Router {
  readonly #mounted: Mounted[];

  constructor(documents: Record<string, Document>, operations: OperationSpec[]) {
    this.#mounted = SERVED.map(({ api, document, mount }) => ({
      api,
      mount,
      prefix: mount.split('/')[1] ?? '',
      route: createRouter(documentOf(documents, document), { basePath: mount }),
      specs: new Map(operations.filter((op) => op.api === api).map((op) => [`${op.method} ${op.template}`, op])),
    }));
  }

  route(method: string, pathname: string): RouteResult {
    for (const segment of pathname.split('/')) {
      try {
        decodeURIComponent(segment);
      } catch {
        throw new Refusal('bad-path', `path segment "${segment}" is not valid percent-encoding`, 400);
      }
    }
    const prefix = pathname.split('/')[1];
    const mounted = this.#mounted.find((m) => m.prefix === prefix);
    if (!mounted) return { kind: 'none', api: undefined, suggestions: this.#mounted.map((m) => `${m.mount}/`) };
    const match = mounted.route(method, pathname);
    if (match) {
      const op = must(
        mounted.specs.get(`${method} ${match.entry.path}`),
        'every operation the document routes to has its spec (start/documents.ts)',
      );
      return { kind: 'match', op, params: match.params };
    }
    const allowed = mounted.route.methods(pathname);
    if (allowed.length > 0) return { kind: 'method', api: mounted.api, allowed };
    return { kind: 'none', api: mounted.api, suggestions: this.#nearby(mounted, method, pathname) };
  }

  /** The operations of the interface whose path is closest to what was asked (./nearby.ts). */
  #nearby(mounted: Mounted, method: string, pathname: string): string[] {
    const depth = mounted.mount.split('/').length - 1;
    const asked = pathname
      .split('/')
      .slice(depth + 1)
      .join('/');
    const candidates = [...mounted.specs.values()].map((op) => ({
      method: op.method,
      template: op.template,
      label: `${op.method} ${mounted.mount}${op.template}`,
    }));
    return nearest(method, asked, candidates);
  }
}
