// An app's sandbox clock as the pages show it: the time read from the control API, plus the real time since
// when the clock runs. Both pages draw it, and the console signs in with it.
import { useEffect, useState } from 'preact/hooks';
import type { App } from './api.js';

/** The app's clock now, given when its state was read (real time, this browser's). */
export function appNow(app: Pick<App, 'clock'> | undefined, readAt: number): number {
  if (!app) return Date.now();
  return app.clock.frozen ? app.clock.now : app.clock.now + (Date.now() - readAt);
}

/** The app's clock now, ticking once a second while it runs. */
export function useAppNow(app: Pick<App, 'clock'> | undefined, readAt: number): number {
  const [, tick] = useState(0);
  const running = app !== undefined && !app.clock.frozen;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [running, app?.clock.now]);
  return appNow(app, readAt);
}
