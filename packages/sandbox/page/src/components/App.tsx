// The whole page: header (live state, theme, remote images), the app bar, the devices, and the tabs of the app
// shown (a device's inbox, the tasks, the request log); or, while the control API refuses the page, the token form.
import { useEffect, useState } from 'preact/hooks';
import type { SandboxStore } from '../store.js';
import { useStore } from '../store.js';
import { saveSettings, SettingsContext, type Settings, type Theme } from '../settings.js';
import type { Tab } from '../selection.js';
import { AppBar } from './AppBar.js';
import { Devices } from './Devices.js';
import { Inbox } from './Inbox.js';
import { Requests } from './Requests.js';
import { Tabs } from './Tabs.js';
import { Tasks } from './Tasks.js';
import { TokenForm } from './TokenForm.js';

const LIVE_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', locked: 'Needs the control token' } as const;

/** The app's clock now: as read, plus the real time since when it runs. Ticks once a second while it runs. */
function useAppNow(clockNow: number | undefined, frozen: boolean, readAt: number): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (frozen || clockNow === undefined) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [frozen, clockNow]);
  if (clockNow === undefined) return Date.now();
  return frozen ? clockNow : clockNow + (Date.now() - readAt);
}

export function App({ store, initial }: { store: SandboxStore; initial: Settings }) {
  const state = useStore(store);
  const [settings, setSettings] = useState(initial);
  useEffect(() => store.start(), [store]);
  useEffect(() => saveSettings(settings), [settings]);
  const app = store.app;
  const { selection } = state;
  const now = useAppNow(app?.clock.now, app?.clock.frozen ?? true, state.appsReadAt);
  const device = state.devices.find((d) => d.cid === selection.cid);
  const context = { appName: app?.name || app?.appid || 'App', utcOffsetMinutes: app?.settings.utcOffsetMinutes ?? 0, now, onTap: (id: string) => void store.tap(id) };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'inbox', label: selection.cid ? `Inbox of ${selection.cid}` : 'Inbox' },
    { id: 'tasks', label: `Tasks (${state.tasks.length})` },
    { id: 'requests', label: `Requests (${state.requests.length})` },
  ];
  return (
    <SettingsContext.Provider value={settings}>
      {/* Not a #main link: the address keeps the view (#app=…&cid=…). */}
      <a
        class="skip"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to the inbox
      </a>
      <header class="top">
        <h1>
          <img src="/assets/icon.svg" alt="" width="24" height="24" /> pushapi sandbox
        </h1>
        <nav class="console-nav" aria-label="Sandbox pages">
          <a href="/console/">Console</a> <a href="/docs/">Reference</a>
        </nav>
        <p class={`live live-${state.live}`} role="status">
          <span class="live-dot" aria-hidden="true" /> {LIVE_TEXT[state.live]}
        </p>
        <div class="prefs">
          <label for="theme">Theme</label>
          <select id="theme" value={settings.theme} onChange={(e) => setSettings({ ...settings, theme: (e.currentTarget as HTMLSelectElement).value as Theme })}>
              <option value="system">System</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
          </select>
          <label>
            <input type="checkbox" checked={settings.remoteImages} onChange={(e) => setSettings({ ...settings, remoteImages: (e.currentTarget as HTMLInputElement).checked })} /> Load remote images
          </label>
        </div>
      </header>
      {state.auth ? (
        <main id="main" tabIndex={-1}>
          <TokenForm auth={state.auth} onToken={(token) => store.useToken(token)} />
        </main>
      ) : (
        <>
          <AppBar
            apps={state.apps}
            app={app}
            now={now}
            onApp={(appid) => store.select({ app: appid })}
            onAdvance={(ms) => void store.advanceClock(ms)}
            onResetApp={() => void store.resetApp()}
            onResetSandbox={() => void store.resetSandbox()}
          />
          <div class="messages" aria-live="polite">
            {state.error ? (
              <p class="error" role="alert">
                {state.error}
              </p>
            ) : state.notice ? (
              <p class="notice">{state.notice}</p>
            ) : null}
          </div>
          <div class="layout">
            <nav class="side" aria-label="Devices">
              <Devices
                devices={state.devices}
                selected={selection.cid}
                loaded={state.loaded.devices === true}
                onSelect={(cid) => store.select({ cid, tab: 'inbox' })}
                onOnline={(cid, online) => void store.setOnline(cid, online)}
              />
            </nav>
            <main id="main" tabIndex={-1}>
              <Tabs label="What the app shows" tabs={tabs} selected={selection.tab} onSelect={(tab) => store.select({ tab })}>
                {selection.tab === 'inbox' && <Inbox device={device} cid={selection.cid} inbox={state.inbox} loaded={state.loaded.inbox === true} context={context} />}
                {selection.tab === 'tasks' && <Tasks tasks={state.tasks} utcOffsetMinutes={context.utcOffsetMinutes} now={now} loaded={state.loaded.tasks === true} />}
                {selection.tab === 'requests' && (
                  <Requests requests={state.requests} scope={selection.log} appid={store.appid} loaded={state.loaded.requests === true} onScope={(log) => store.select({ log })} />
                )}
              </Tabs>
            </main>
          </div>
        </>
      )}
    </SettingsContext.Provider>
  );
}
