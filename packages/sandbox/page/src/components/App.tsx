// The whole page: header (live state, theme, remote images), the app bar, the devices (a filter of the timeline),
// and the tabs of the app shown (the timeline of every message with its detail pane, the tasks, the request log);
// or, while the control API refuses the page, the token form.
import { useEffect, useState } from 'preact/hooks';
import type { SandboxStore } from '../store.js';
import { useStore } from '../store.js';
import { saveSettings, SettingsContext, type Settings, type Theme } from '../settings.js';
import type { Tab } from '../selection.js';
import { AppBar } from './AppBar.js';
import { Devices } from './Devices.js';
import { Requests } from './Requests.js';
import { Tabs } from './Tabs.js';
import { Tasks } from './Tasks.js';
import { Timeline } from './Timeline.js';
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
  const context = { appName: app?.name || app?.appid || 'App', utcOffsetMinutes: app?.settings.utcOffsetMinutes ?? 0, now, onTap: (cid: string, id: string) => void store.tap(cid, id) };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'inbox', label: selection.cid ? `Messages of ${selection.cid}` : 'Messages' },
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
        Skip to the messages
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
                unread={(device) => store.unread(device)}
                onSelect={(cid) => store.select({ cid, alias: undefined, msg: undefined, tab: 'inbox' })}
                onSelectAll={() => store.select({ cid: undefined, alias: undefined, msg: undefined, tab: 'inbox' })}
                onOnline={(cid, online) => void store.setOnline(cid, online)}
              />
            </nav>
            <main id="main" tabIndex={-1}>
              <Tabs label="What the app shows" tabs={tabs} selected={selection.tab} onSelect={(tab) => store.select({ tab })}>
                {selection.tab === 'inbox' && (
                  <Timeline
                    selection={selection}
                    devices={state.devices}
                    tasks={state.tasks}
                    requests={state.requests}
                    list={state.messages}
                    loaded={state.loaded.messages === true}
                    context={context}
                    onSelect={(change) => store.select(change)}
                    onDelete={(cid, id) => void store.deleteMessage(cid, id)}
                    onClear={(cid) => void store.clearInbox(cid)}
                  />
                )}
                {selection.tab === 'tasks' && (
                  <Tasks
                    tasks={state.tasks}
                    requests={state.requests}
                    utcOffsetMinutes={context.utcOffsetMinutes}
                    now={now}
                    focus={selection.focus}
                    loaded={state.loaded.tasks === true}
                    onSelect={(change) => store.select(change)}
                  />
                )}
                {selection.tab === 'requests' && (
                  <Requests
                    requests={state.requests}
                    apps={state.apps}
                    scope={selection.log}
                    appid={store.appid}
                    focus={selection.focus}
                    loaded={state.loaded.requests === true}
                    onScope={(log) => store.select({ log })}
                    onSelect={(change) => store.select(change)}
                  />
                )}
              </Tabs>
            </main>
          </div>
        </>
      )}
    </SettingsContext.Provider>
  );
}
