// The operator's endpoints: GET /healthz (the process serves), GET /readyz (the store is open, the seed loaded and
// the documents compiled: a balancer sends traffic only then, and stops when the sandbox stops) and GET /metrics
// (Prometheus text). They hold no secret, so they answer without the control token; the Host check still applies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Visible } from '../services/events.js';
import type { SandboxMetrics } from '../services/metrics.js';

export const HEALTH_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/** Whether the sandbox takes traffic: false until it has started, and again from the moment it stops. */
export class Readiness {
  #ready = false;
  #reason = 'starting: the store, the seed and the documents are being loaded';

  get ready(): boolean {
    return this.#ready;
  }

  get reason(): string {
    return this.#reason;
  }

  set(ready: boolean, reason: string): void {
    this.#ready = ready;
    this.#reason = reason;
  }
}

export interface HealthEndpoints {
  handles(pathname: string): boolean;
  /** `visible`: the apps whose per-app series (--metrics-per-app) are shown; an app token sees only its own. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, visible?: Visible): Promise<void>;
}

function text(res: ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

const APPID_LABEL = /[{,]appid="((?:[^"\\]|\\.)*)"/;

/** The Prometheus text without the samples labelled with an appid that `visible` hides. */
function seriesOf(text: string, visible: Visible): string {
  return text
    .split('\n')
    .filter((line) => {
      const appid = line.startsWith('#') ? undefined : APPID_LABEL.exec(line)?.[1];
      return appid === undefined || visible(appid.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c)));
    })
    .join('\n');
}

export function healthEndpoints(readiness: Readiness, metrics: SandboxMetrics | undefined): HealthEndpoints {
  const paths = new Set<string>([HEALTH_PATHS.health, HEALTH_PATHS.ready, ...(metrics ? [HEALTH_PATHS.metrics] : [])]);
  return {
    handles: (pathname) => paths.has(pathname),
    async serve(req, res, pathname, visible = () => true) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        text(res, 405, `${req.method} is not allowed on ${pathname}; allowed: GET, HEAD\n`);
        return;
      }
      if (pathname === HEALTH_PATHS.health) text(res, 200, 'ok\n');
      else if (pathname === HEALTH_PATHS.ready)
        text(res, readiness.ready ? 200 : 503, readiness.ready ? 'ready\n' : `not ready: ${readiness.reason}\n`);
      else if (metrics) text(res, 200, seriesOf(await metrics.text(), visible), metrics.contentType);
      else text(res, 404, `${pathname} is not served: this sandbox runs without metrics\n`);
    },
  };
}
