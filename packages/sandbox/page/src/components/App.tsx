// The whole page: header (live state, theme, remote images), the app bar, the devices (a filter of the timeline),
// and the tabs of the app shown (the timeline of every message with its detail pane, the tasks, the request log);
// or, while the control API refuses the page, the token form.
import { useEffect, useState } from 'preact/hooks';
import type { SandboxStore } from '../store.js';
import { useStore } from '../store.js';
import { useAppNow } from '../clock.js';
import { saveSettings, SettingsContext, type Settings } from '../settings.js';
import type { Tab } from '../selection.js';
import { AppBar } from './AppBar.js';
import { PageHeader, SkipLink } from './PageHeader.js';
import { Devices } from './Devices.js';
import { Requests } from './Requests.js';
import { Tabs } from './Tabs.js';
import { Tasks } from './Tasks.js';
import { Timeline } from './Timeline.js';
import { TokenForm } from './TokenForm.js';

export function App({ store, initial }: { store: SandboxStore; initial: Settings }) {
  const state = useStore(store);
  const [settings, setSettings] = useState(initial);
  useEffect(() => store.start(), [store]);
  useEffect(() => saveSettings(settings), [settings]);
  const app = store.app;
  const { selection } = state;
  const now = useAppNow(app, state.appsReadAt);
  const context = {
    appName: app?.name || app?.appid || 'App',
    utcOffsetMinutes: app?.settings.utcOffsetMinutes ?? 0,
    now,
    onTap: (cid: string, id: string) => void store.tap(cid, id),
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'inbox', label: selection.cid ? `Messages of ${selection.cid}` : 'Messages' },
    { id: 'tasks', label: `Tasks (${state.tasks.length})` },
    { id: 'requests', label: `Requests (${state.requests.length})` },
  ];
  return (
    <SettingsContext.Provider value={settings}>
      {/* Not a #main link: the address keeps the view (#app=…&cid=…). */}
      <SkipLink href="#main" focus="main" label="Skip to the messages" />
      <PageHeader
        title="pushapi sandbox"
        links={[
          { href: '/console/', label: 'Console' },
          { href: '/docs/', label: 'Reference' },
        ]}
        live={state.live}
        health={state.health}
        settings={settings}
        onSettings={setSettings}
      >
        <label>
          <input
            type="checkbox"
            checked={settings.remoteImages}
            onChange={(e) => setSettings({ ...settings, remoteImages: (e.currentTarget as HTMLInputElement).checked })}
          />{' '}
          Load remote images
        </label>
      </PageHeader>
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
              <Tabs
                label="What the app shows"
                tabs={tabs}
                selected={selection.tab}
                onSelect={(tab) => store.select({ tab })}
              >
                {selection.tab === 'inbox' && (
                  <Timeline
                    selection={selection}
                    devices={state.devices}
                    tasks={state.tasks}
                    requests={state.requests}
                    list={state.messages}
                    ready={(['messages', 'devices', 'apps'] as const).every((part) => state.loaded[part] === true)}
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
