// The console: any push v1 or DMP request of the reference, sent to this sandbox for one of its apps. The request is
// prefilled from the document's examples and checked as it is typed by the sandbox itself (POST /control/check);
// the typed clients sign in as the service requires and send; the console shows the answer, the same request as
// curl and as a typed client call, and draws what the target devices received with the inbox page's own
// components, live. Its state is in ./store.ts.
import { useEffect, useState } from 'preact/hooks';
import { control, data } from '../../src/api.js';
import { useStore } from '../../src/base-store.js';
import { useAppNow } from '../../src/clock.js';
import { AppBar } from '../../src/components/AppBar.js';
import { Devices } from '../../src/components/Devices.js';
import { PageHeader, SkipLink } from '../../src/components/PageHeader.js';
import { saveSettings, SettingsContext, type Settings } from '../../src/settings.js';
import { Faults } from './Faults.js';
import { Phones } from './Phones.js';
import { RequestForm } from './RequestForm.js';
import { SentView } from './SentView.js';
import type { ConsoleStore } from './store.js';

export function Console({ store, initial }: { store: ConsoleStore; initial: Settings }) {
  const state = useStore(store);
  const [settings, setSettings] = useState(initial);
  useEffect(() => saveSettings(settings), [settings]);
  useEffect(() => store.start(), [store]);
  const { appid, sent } = state;
  const app = store.app;
  const now = useAppNow(app, state.appsReadAt);
  const context = {
    appName: app?.name || app?.appid || 'App',
    utcOffsetMinutes: app?.settings.utcOffsetMinutes ?? 0,
    now,
  };

  return (
    <SettingsContext.Provider value={settings}>
      <SkipLink href="#request-title" focus="console-main" label="Skip to the request" />
      <PageHeader
        title="pushapi sandbox: console"
        links={[
          { href: '/', label: 'Inbox' },
          { href: '/docs/', label: 'Reference' },
        ]}
        live={state.live}
        health={state.health}
        settings={settings}
        onSettings={setSettings}
      />
      <div class="console-appbar">
        <AppBar
          apps={state.apps}
          app={app}
          now={now}
          onApp={(id) => store.selectApp(id)}
          onAdvance={(ms) => void store.advanceClock(ms)}
          onResetApp={() =>
            void store.act(`App ${appid} reset`, () =>
              data(control.POST('/apps/{appid}/reset', { params: { path: { appid: appid! } } })),
            )
          }
          onResetSandbox={() => void store.act('Sandbox reset', () => data(control.POST('/reset')))}
        />
        <button type="button" class="button" onClick={() => void store.newApp()}>
          New app
        </button>
      </div>
      <div class="messages" aria-live="polite">
        {state.error ? (
          <p class="error" role="alert">
            {state.error}
          </p>
        ) : state.notice ? (
          <p class="notice">{state.notice}</p>
        ) : null}
      </div>
      <main id="console-main" class="console" tabIndex={-1}>
        <section class="console-request" aria-labelledby="request-title">
          <h2 id="request-title">Request</h2>
          <RequestForm
            catalogue={state.catalogue}
            chosen={state.chosen}
            app={app}
            devices={state.devices}
            sending={state.sending}
            onChoose={(api, operationId) => store.choose(api, operationId)}
            onSend={(request) => store.send(request)}
            onSay={(notice, error) => store.say(notice, error)}
          />
        </section>
        <section class="console-answer" aria-labelledby="answer-title">
          <h2 id="answer-title">Answer</h2>
          {sent ? <SentView sent={sent} /> : <p class="empty">Send the request to see the sandbox's answer here.</p>}
        </section>
      </main>
      <Phones sent={sent} drawn={state.drawn} devices={state.devices} context={context} />
      <div class="console-tools">
        <nav class="side" aria-label="Devices">
          <Devices
            devices={state.devices}
            selected={undefined}
            loaded={true}
            // The inbox page shows a device's (or every device's) messages in full.
            onSelect={(cid) =>
              (location.href = `/#app=${encodeURIComponent(appid ?? '')}${cid ? `&cid=${encodeURIComponent(cid)}` : ''}`)
            }
            onOnline={(cid, online) => void store.setOnline(cid, online)}
          />
        </nav>
        {appid && state.catalogue.length > 0 && (
          <Faults
            appid={appid}
            catalogue={state.catalogue}
            onDone={(said) => store.say(said)}
            onError={(said) => store.say(undefined, said)}
          />
        )}
      </div>
    </SettingsContext.Provider>
  );
}
