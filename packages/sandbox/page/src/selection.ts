// What the page shows is kept in the address (#app=…&cid=…&msg=…&q=…&tab=…&log=…), so a reload or a shared link
// opens the same view: the app, the timeline's filters, the message open in the detail pane, the tab.
export type Tab = 'inbox' | 'tasks' | 'requests';
export const TABS: readonly Tab[] = ['inbox', 'tasks', 'requests'];

export const TEMPLATES = ['notification', 'link', 'notypopload', 'startactivity', 'transmission'] as const;
export type Template = (typeof TEMPLATES)[number];
/** The states the timeline filters by (those of GET …/messages). */
export const STATES = ['waiting', 'delivered', 'expired', 'stopped', 'replaced', 'clicked'] as const;
export type StateFilter = (typeof STATES)[number];

export interface Selection {
  app?: string;
  /** The timeline's filters: one device (cid) or the devices of an alias, template, task, text, state. */
  cid?: string;
  alias?: string;
  template?: Template;
  task?: string;
  q?: string;
  state?: StateFilter;
  /** The message open in the detail pane. */
  msg?: string;
  tab: Tab;
  /** The request log: of the app shown, or of every app. */
  log: 'app' | 'all';
  /** What a link asked to show on its tab: a task id (Tasks) or a request id (Requests), highlighted. */
  focus?: string;
}

const KEYS = ['app', 'cid', 'alias', 'task', 'q', 'msg', 'focus'] as const;

export function readHash(): Selection {
  const params = new URLSearchParams(location.hash.slice(1));
  const tab = params.get('tab') as Tab | null;
  const template = params.get('template') as Template | null;
  const state = params.get('state') as StateFilter | null;
  const selection: Selection = {
    tab: tab && TABS.includes(tab) ? tab : 'inbox',
    log: params.get('log') === 'all' ? 'all' : 'app',
    ...(template && TEMPLATES.includes(template) ? { template } : {}),
    ...(state && STATES.includes(state) ? { state } : {}),
  };
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) selection[key] = value;
  }
  return selection;
}

export function writeHash(selection: Selection): void {
  const params = new URLSearchParams();
  for (const key of ['app', 'cid', 'alias', 'template', 'task', 'q', 'state', 'msg', 'focus'] as const) {
    const value = selection[key];
    if (value) params.set(key, value);
  }
  if (selection.tab !== 'inbox') params.set('tab', selection.tab);
  if (selection.log !== 'app') params.set('log', selection.log);
  const hash = params.toString();
  if (hash !== location.hash.slice(1))
    history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
}

/** Whether two selections list the same messages (the timeline reloads when they do not). */
export const sameFilters = (a: Selection, b: Selection) =>
  a.app === b.app &&
  a.cid === b.cid &&
  a.alias === b.alias &&
  a.template === b.template &&
  a.task === b.task &&
  a.q === b.q &&
  a.state === b.state;
