// What the page shows is kept in the address (#app=…&cid=…&tab=…&log=…), so a reload or a shared link opens
// the same view.
export type Tab = 'inbox' | 'tasks' | 'requests';
export const TABS: readonly Tab[] = ['inbox', 'tasks', 'requests'];

export interface Selection {
  app?: string;
  cid?: string;
  tab: Tab;
  /** The request log: of the app shown, or of every app. */
  log: 'app' | 'all';
}

export function readHash(): Selection {
  const params = new URLSearchParams(location.hash.slice(1));
  const tab = params.get('tab') as Tab | null;
  return {
    ...(params.get('app') ? { app: params.get('app')! } : {}),
    ...(params.get('cid') ? { cid: params.get('cid')! } : {}),
    tab: tab && TABS.includes(tab) ? tab : 'inbox',
    log: params.get('log') === 'all' ? 'all' : 'app',
  };
}

export function writeHash(selection: Selection): void {
  const params = new URLSearchParams();
  if (selection.app) params.set('app', selection.app);
  if (selection.cid) params.set('cid', selection.cid);
  if (selection.tab !== 'inbox') params.set('tab', selection.tab);
  if (selection.log !== 'app') params.set('log', selection.log);
  const hash = params.toString();
  if (hash !== location.hash.slice(1)) history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
}
