// The console: any push v1 or DMP request of the reference, sent to this sandbox for one of its apps. The request is
// prefilled from the document's examples and checked as it is typed by the sandbox itself (POST /control/check);
// the console signs in as the service requires, sends, shows the answer, the same request as curl and as a typed
// client call, and draws what the target devices received with the inbox page's own components, live.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { control, data, type App, type Device, type InboxMessage } from '../../src/api.js';
import { AppBar } from '../../src/components/AppBar.js';
import { Devices } from '../../src/components/Devices.js';
import { MessageCard } from '../../src/components/Message.js';
import { followEvents, type LiveState } from '../../src/live.js';
import { saveSettings, SettingsContext, type Settings, type Theme } from '../../src/settings.js';
import { loadCatalogue, operationHash, readOperationHash, type ApiName, type CatalogueApi } from './catalogue.js';
import { Faults } from './Faults.js';
import { locate } from './locate.js';
import { prefill, renewRequestIds, taskIdsOf } from './prefill.js';
import { clientCall, curlCommand, mountOf, requestPath, type ConsoleRequest } from './samples.js';
import { dmpSignIn, pushSignIn, type Credentials, type SignInStep } from './signin.js';

interface Violation {
  location: string[];
  message: string;
  code: string;
}

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  text: string;
  violations: Violation[];
  outcome: string;
}

interface Sent {
  request: ConsoleRequest;
  answer: Answer;
  steps: SignInStep[];
  taskids: string[];
}

type Check = { state: 'idle' } | { state: 'json'; message: string; line: number } | { state: 'checked'; violations: Violation[]; operation: string };

const SIGN_IN = new Set(['authSign', 'getAccessToken']);
const PUSHES = new Set(['pushSingle', 'pushSingleBatch', 'pushList', 'pushApp']);
const LIVE_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', locked: 'Needs the control token' } as const;
/** Devices whose messages are drawn for one send: a push to a whole app shows its first few. */
const DRAWN_DEVICES = 4;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The JSON parse error of a text, with its line (Chromium says `at position N`). */
function jsonError(text: string): { message: string; line: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = errorText(error);
    const position = /position (\d+)/.exec(message);
    return { message, line: position ? text.slice(0, Number(position[1])).split('\n').length : 1 };
  }
}

function useAppNow(app: App | undefined, readAt: number): number {
  const [, tick] = useState(0);
  const frozen = app?.clock.frozen ?? true;
  useEffect(() => {
    if (frozen) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [frozen]);
  if (!app) return Date.now();
  return frozen ? app.clock.now : app.clock.now + (Date.now() - readAt);
}

export function Console({ initial }: { initial: Settings }) {
  const [settings, setSettings] = useState(initial);
  useEffect(() => saveSettings(settings), [settings]);
  const [catalogue, setCatalogue] = useState<CatalogueApi[]>([]);
  const [chosen, setChosen] = useState(() => readOperationHash(location.hash) ?? { api: 'push-v1' as ApiName, operationId: 'pushSingle' });
  const [apps, setApps] = useState<App[]>([]);
  const [appsReadAt, setAppsReadAt] = useState(0);
  const [appid, setAppid] = useState<string | undefined>();
  const [devices, setDevices] = useState<Device[]>([]);
  const [exampleName, setExampleName] = useState<string | undefined>();
  const [params, setParams] = useState<Record<string, string>>({});
  const [bodyText, setBodyText] = useState('');
  const [changes, setChanges] = useState<string[]>([]);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [renew, setRenew] = useState(true);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>();
  const [drawn, setDrawn] = useState<{ cid: string; messages: InboxMessage[] }[]>([]);
  const [live, setLive] = useState<LiveState>('connecting');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const tokens = useRef(new Map<string, string>());
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const backdropRef = useRef<HTMLPreElement>(null);

  const api = catalogue.find((a) => a.name === chosen.api);
  const op = api?.operations.find((o) => o.operationId === chosen.operationId) ?? api?.operations[0];
  const app = apps.find((a) => a.appid === appid);
  const now = useAppNow(app, appsReadAt);

  const loadApps = useCallback(async () => {
    const [{ apps: list }, info] = await Promise.all([data(control.GET('/apps')), data(control.GET('/'))]);
    setApps(list);
    setAppsReadAt(Date.now());
    setAppid((current) => (current && list.some((a) => a.appid === current) ? current : info.defaultAppId));
  }, []);

  const loadDevices = useCallback(async (id: string) => {
    const { devices: list } = await data(control.GET('/apps/{appid}/devices', { params: { path: { appid: id } } }));
    setDevices(list);
  }, []);

  useEffect(() => {
    loadCatalogue().then(setCatalogue, (e: unknown) => setError(errorText(e)));
    loadApps().catch((e: unknown) => setError(`Could not load the apps: ${errorText(e)}`));
    const onHash = () => {
      const next = readOperationHash(location.hash);
      if (next) setChosen(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [loadApps]);

  useEffect(() => {
    if (appid) loadDevices(appid).catch((e: unknown) => setError(`Could not load the devices: ${errorText(e)}`));
  }, [appid, loadDevices]);

  // The example (and the parameters) of the operation chosen, made ready for the app chosen.
  const examples = op?.body?.examples ?? [];
  const example = examples.find((e) => e.name === exampleName) ?? examples[0];
  const deviceIds = devices.map((d) => d.cid);
  const preferred = devices.find((d) => d.online && d.active && !d.blacklisted)?.cid;
  const prefillKey = `${chosen.api}/${op?.operationId}/${example?.name}/${appid}/${deviceIds.length > 0}`;
  useEffect(() => {
    if (!op || !app) return;
    const filled = example ? prefill(example.value, { appkey: app.appkey, devices: deviceIds, preferred }) : undefined;
    setBodyText(filled ? JSON.stringify(filled.value, null, 2) : '');
    setChanges(filled?.changes ?? []);
    setParams(Object.fromEntries(op.parameters.map((p) => [p.name, p.name === 'cid' && preferred && p.in === 'path' ? preferred : (p.example ?? '')])));
  }, [prefillKey]);

  // Checked as typed, by the sandbox's own validation.
  useEffect(() => {
    if (!op) return;
    const broken = op.body && bodyText.trim() !== '' ? jsonError(bodyText) : undefined;
    if (broken) {
      setCheck({ state: 'json', ...broken });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, params[p.name] ?? '']));
      const query = Object.fromEntries(op.parameters.filter((p) => p.in === 'query' && (params[p.name] ?? '') !== '').map((p) => [p.name, params[p.name]!]));
      const body = op.body && bodyText.trim() !== '' ? (JSON.parse(bodyText) as unknown) : undefined;
      control
        .POST('/check', { body: { api: chosen.api, operationId: op.operationId, path, query, ...(body === undefined ? {} : { body }) }, signal: controller.signal })
        .then(({ data: result }) => {
          if (result) setCheck({ state: 'checked', violations: result.violations, operation: result.operation });
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [op, chosen.api, bodyText, params]);

  // What the target devices received from the last send, redrawn on every change the event stream announces.
  const redraw = useCallback(async () => {
    if (!sent || !appid || sent.taskids.length === 0) return setDrawn([]);
    const cids = new Set<string>();
    for (const taskid of sent.taskids) {
      const task = await data(control.GET('/apps/{appid}/tasks/{taskid}', { params: { path: { appid, taskid } } })).catch(() => undefined);
      for (const cid of task?.targets.cids ?? []) cids.add(cid);
    }
    const shown = [...cids].slice(0, DRAWN_DEVICES);
    const inboxes = await Promise.all(
      shown.map(async (cid) => {
        const inbox = await data(control.GET('/apps/{appid}/devices/{cid}/inbox', { params: { path: { appid, cid } } })).catch(() => undefined);
        const mine = (m: InboxMessage) => sent.taskids.includes(m.taskid);
        return { cid, messages: inbox ? [...inbox.pending.filter(mine), ...[...inbox.messages].reverse().filter(mine)] : [] };
      }),
    );
    setDrawn(inboxes);
  }, [sent, appid]);

  const latest = useRef({ redraw, appid, loadApps, loadDevices });
  latest.current = { redraw, appid, loadApps, loadDevices };
  useEffect(() => {
    void redraw();
  }, [redraw]);
  useEffect(
    () =>
      followEvents({
        event: (event) => {
          const { appid: shown } = latest.current;
          if (event.type === 'request') return;
          if (event.type === 'app' || event.type === 'clock' || event.type === 'reset' || event.type === 'message') void latest.current.loadApps().catch(() => undefined);
          if (event.appid === shown || event.appid === null) {
            if (shown && event.type !== 'clock') void latest.current.loadDevices(shown).catch(() => undefined);
            void latest.current.redraw();
          }
        },
        state: setLive,
        opened: () => void latest.current.redraw(),
        refused: () => setError('This sandbox has a control token: open the inbox page once with #token=… in its address, then come back to the console in the same tab.'),
      }),
    [],
  );

  const choose = (api: ApiName, operationId: string) => {
    setChosen({ api, operationId });
    setExampleName(undefined);
    setSent(undefined);
    history.replaceState(null, '', operationHash(api, operationId));
  };

  async function credentials(id: string): Promise<Credentials> {
    return data(control.GET('/apps/{appid}/credentials', { params: { path: { appid: id } } }));
  }

  async function appClock(id: string): Promise<number> {
    return (await data(control.GET('/apps/{appid}/clock', { params: { path: { appid: id } } }))).now;
  }

  async function signIn(apiName: ApiName, id: string, steps: SignInStep[]): Promise<string | undefined> {
    const [creds, clock] = await Promise.all([credentials(id), appClock(id)]);
    const signed = apiName === 'push-v1' ? await pushSignIn(creds, clock) : await dmpSignIn(creds, clock);
    steps.push(signed.step);
    if (signed.token) tokens.current.set(`${apiName}:${id}`, signed.token);
    return signed.token;
  }

  async function send(event: Event) {
    event.preventDefault();
    if (!op || !appid || sending) return;
    let body: unknown;
    if (op.body && bodyText.trim() !== '') {
      const broken = jsonError(bodyText);
      if (broken) {
        setError(`The body is not JSON (line ${broken.line}): ${broken.message}`);
        bodyRef.current?.focus();
        return;
      }
      body = JSON.parse(bodyText) as unknown;
    }
    setSending(true);
    setError(undefined);
    setNotice(undefined);
    const steps: SignInStep[] = [];
    try {
      const key = `${chosen.api}:${appid}`;
      const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, params[p.name] ?? '']));
      const query = Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, params[p.name] ?? '']));
      // The sign-in operations themselves: the console computes their signs for the chosen app.
      if (op.operationId === 'authSign' || op.operationId === 'getAccessToken') {
        const [creds, clock] = await Promise.all([credentials(appid), appClock(appid)]);
        const signed = chosen.api === 'push-v1' ? await pushSignIn(creds, clock) : await dmpSignIn(creds, clock);
        steps.push(signed.step);
        for (const { name, value } of signed.step.computed) {
          if (chosen.api === 'push-v1') body = { ...(body as object), [name]: value };
          else query[name] = value;
        }
      }
      const request: ConsoleRequest = { api: chosen.api, op, appid, origin: location.origin, path, query, body };
      const attempt = async (token: string | undefined) => {
        const headers: Record<string, string> = {};
        if (op.accept) headers.accept = op.accept;
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (op.secured && token) headers[chosen.api === 'push-v1' ? 'authtoken' : 'authorization'] = chosen.api === 'push-v1' ? token : `Bearer ${token}`;
        return fetch(`${mountOf(request)}${requestPath(request)}`, { method: op.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      };
      let token = op.secured && !SIGN_IN.has(op.operationId) ? (tokens.current.get(key) ?? (await signIn(chosen.api, appid, steps))) : undefined;
      let response = await attempt(token);
      let text = await response.text();
      // A token the service no longer takes (expired on the app's clock, closed): sign in once more and send again.
      const refusedToken = (status: number, answer: string) => status === 401 || /"result"\s*:\s*"not_auth"/.test(answer);
      if (op.secured && steps.length === 0 && refusedToken(response.status, text)) {
        tokens.current.delete(key);
        token = await signIn(chosen.api, appid, steps);
        response = await attempt(token);
        text = await response.text();
      }
      if (op.operationId === 'authClose') tokens.current.delete(key);
      let parsed: unknown;
      try {
        parsed = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        parsed = undefined;
      }
      const record = (parsed ?? {}) as Record<string, unknown>;
      const answer: Answer = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        text: parsed === undefined ? text : JSON.stringify(parsed, null, 2),
        violations: Array.isArray(record.validation) ? (record.validation as Violation[]) : [],
        outcome: [record.result ?? record.code, record.desc].filter((v) => typeof v === 'string').join(': '),
      };
      setSent({ request, answer, steps, taskids: PUSHES.has(op.operationId) && record.result === 'ok' ? taskIdsOf(parsed) : [] });
      if (renew && record.result === 'ok' && body !== undefined && /"requestid"/.test(bodyText)) {
        setBodyText(JSON.stringify(renewRequestIds(body), null, 2));
        setNotice('Sent. The body has a new requestid for the next send.');
      } else setNotice('Sent.');
    } catch (e) {
      setError(`The request was not sent: ${errorText(e)}`);
      if (steps.length > 0) setSent(undefined);
    } finally {
      setSending(false);
    }
  }

  const firstViolation = check.state === 'checked' ? check.violations[0] : undefined;
  const bodyViolation = firstViolation && firstViolation.location[0] === 'body' ? firstViolation : undefined;
  const paramViolation = (name: string) => (check.state === 'checked' ? check.violations.find((v) => (v.location[0] === 'path' || v.location[0] === 'query') && v.location[1] === name) : undefined);
  const bodySpan = useMemo(() => {
    if (!bodyViolation) return undefined;
    const at = bodyViolation.location.slice(1);
    for (let n = at.length; n >= 0; n--) {
      const span = locate(bodyText, at.slice(0, n));
      if (span) return span;
    }
    return undefined;
  }, [bodyViolation, bodyText]);
  const goToField = () => {
    const area = bodyRef.current;
    if (!area || !bodySpan) return;
    area.focus();
    area.setSelectionRange(bodySpan.start, bodySpan.end);
  };
  const bodyInvalid = check.state === 'json' || bodyViolation !== undefined;
  const badLine = check.state === 'json' ? check.line : bodySpan?.line;

  const context = { appName: app?.name || app?.appid || 'App', utcOffsetMinutes: app?.settings.utcOffsetMinutes ?? 0, now };
  /** Runs an action of the app bar; its notice is the text the action answers, or `what`. */
  const act = async (what: string, action: () => Promise<unknown>) => {
    try {
      const said = await action();
      setNotice(typeof said === 'string' ? said : what);
      setError(undefined);
    } catch (e) {
      setError(`${what} failed: ${errorText(e)}`);
    }
  };

  return (
    <SettingsContext.Provider value={settings}>
      <a
        class="skip"
        href="#request-title"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('console-main')?.focus();
        }}
      >
        Skip to the request
      </a>
      <header class="top">
        <h1>
          <img src="/assets/icon.svg" alt="" width="24" height="24" /> pushapi sandbox: console
        </h1>
        <nav class="console-nav" aria-label="Sandbox pages">
          <a href="/">Inbox</a>
          <a href="/docs/">Reference</a>
        </nav>
        <p class={`live live-${live}`} role="status">
          <span class="live-dot" aria-hidden="true" /> {LIVE_TEXT[live]}
        </p>
        <div class="prefs">
          <label for="theme">Theme</label>
          <select id="theme" value={settings.theme} onChange={(e) => setSettings({ ...settings, theme: (e.currentTarget as HTMLSelectElement).value as Theme })}>
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </div>
      </header>
      <div class="console-appbar">
        <AppBar
          apps={apps}
          app={app}
          now={now}
          onApp={(id) => setAppid(id)}
          onAdvance={(ms) =>
            void act('Clock advanced', async () => {
              const result = await data(control.POST('/apps/{appid}/clock', { params: { path: { appid: appid! } }, body: { advanceMs: ms } }));
              await loadApps();
              return `Clock of ${appid} is now ${result.local}: ${result.fired.length} scheduled task(s) fired, ${result.expired} offline message(s) expired`;
            })
          }
          onResetApp={() => void act(`App ${appid} reset`, () => data(control.POST('/apps/{appid}/reset', { params: { path: { appid: appid! } } })))}
          onResetSandbox={() => void act('Sandbox reset', () => data(control.POST('/reset')))}
        />
        <button
          type="button"
          class="button"
          onClick={() =>
            void act('App created', async () => {
              const created = await data(control.POST('/apps', { body: { name: 'Console app' } }));
              await loadApps();
              setAppid(created.appid);
            })
          }
        >
          New app
        </button>
      </div>
      <div class="messages" aria-live="polite">
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : notice ? (
          <p class="notice">{notice}</p>
        ) : null}
      </div>
      <main id="console-main" class="console" tabIndex={-1}>
        <section class="console-request" aria-labelledby="request-title">
          <h2 id="request-title">Request</h2>
          <form onSubmit={(e) => void send(e)}>
            <div class="console-pick">
              <label for="console-api">API</label>
              <select id="console-api" value={chosen.api} onChange={(e) => choose((e.currentTarget as HTMLSelectElement).value as ApiName, catalogue.find((a) => a.name === (e.currentTarget as HTMLSelectElement).value)?.operations[0]?.operationId ?? '')}>
                {catalogue.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.title}
                  </option>
                ))}
              </select>
              <label for="console-op">Operation</label>
              <select id="console-op" value={op?.operationId ?? ''} onChange={(e) => choose(chosen.api, (e.currentTarget as HTMLSelectElement).value)}>
                {api?.operations.map((o) => (
                  <option key={o.operationId} value={o.operationId}>
                    {o.method} {o.path}: {o.summary}
                  </option>
                ))}
              </select>
            </div>
            {op && (
              <p class="console-line">
                <code>
                  {op.method} {mountOf({ api: chosen.api, appid: appid ?? '{appid}' })}
                  {op.path}
                </code>{' '}
                {op.secured ? (chosen.api === 'push-v1' ? '· needs authtoken: the console signs in with auth_sign' : '· needs a bearer token: the console signs in with /accesser/auth') : '· a sign-in: the console computes its signs'}
              </p>
            )}
            {examples.length > 0 && (
              <div class="console-pick">
                <label for="console-example">Example</label>
                <select id="console-example" value={example?.name ?? ''} onChange={(e) => setExampleName((e.currentTarget as HTMLSelectElement).value)}>
                  {examples.map((x) => (
                    <option key={x.name} value={x.name}>
                      {x.name}: {x.summary}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {op && op.parameters.length > 0 && (
              <fieldset class="console-params">
                <legend>Parameters</legend>
                {op.parameters.map((p) => {
                  const violation = paramViolation(p.name);
                  const computed = op.operationId === 'getAccessToken' && ['user_code', 'sign1', 'sign2', 'timestamp'].includes(p.name);
                  const id = `param-${p.name}`;
                  return (
                    <div class="console-param" key={p.name}>
                      <label for={id}>
                        {p.name} <span class="muted">({p.in}{p.required ? ', required' : ''})</span>
                      </label>
                      <input
                        id={id}
                        value={computed ? '' : (params[p.name] ?? '')}
                        placeholder={computed ? 'computed by the console when sent' : ''}
                        disabled={computed}
                        aria-invalid={violation ? 'true' : undefined}
                        aria-describedby={violation ? `${id}-error` : undefined}
                        onInput={(e) => setParams({ ...params, [p.name]: (e.currentTarget as HTMLInputElement).value })}
                      />
                      {violation && (
                        <p class="field-error" id={`${id}-error`}>
                          {violation.location.join('.')}: {violation.message}
                        </p>
                      )}
                    </div>
                  );
                })}
              </fieldset>
            )}
            {op?.body && (
              <div class="console-body">
                <label for="console-body">Body (JSON, checked as you type against the {api?.title} document)</label>
                {changes.length > 0 && <p class="muted">Made ready for {appid}: {changes.join('; ')}.</p>}
                <div class="editor">
                  {/* The line of the first violation, marked behind the text (the message below says it in words). */}
                  <pre class="editor-backdrop" aria-hidden="true" ref={backdropRef}>
                    {bodyText.split('\n').map((line, i) => (
                      <span key={i} class={i + 1 === badLine ? 'editor-bad-line' : undefined}>
                        {`${line}\n`}
                      </span>
                    ))}
                  </pre>
                  <textarea
                    id="console-body"
                    ref={bodyRef}
                    spellcheck={false}
                    wrap="off"
                    rows={Math.min(28, Math.max(8, bodyText.split('\n').length + 1))}
                    value={bodyText}
                    aria-invalid={bodyInvalid ? 'true' : undefined}
                    aria-describedby="console-check"
                    onInput={(e) => setBodyText((e.currentTarget as HTMLTextAreaElement).value)}
                    onScroll={(e) => {
                      const backdrop = backdropRef.current;
                      if (backdrop) {
                        backdrop.scrollTop = e.currentTarget.scrollTop;
                        backdrop.scrollLeft = e.currentTarget.scrollLeft;
                      }
                    }}
                  />
                </div>
                <div id="console-check" class={`console-check${bodyInvalid ? ' console-check-bad' : ''}`} aria-live="polite">
                  {check.state === 'json' && (
                    <p>
                      Line {check.line}: not JSON ({check.message})
                    </p>
                  )}
                  {check.state === 'checked' && !firstViolation && <p class="console-ok">Valid: the sandbox accepts this request ({check.operation}).</p>}
                  {bodyViolation && (
                    <p class="violation" data-location={bodyViolation.location.join('.')}>
                      {bodySpan && <span class="violation-line">Line {bodySpan.line}: </span>}
                      <code>{bodyViolation.location.join('.')}</code> {bodyViolation.message}{' '}
                      {check.state === 'checked' && check.violations.length > 1 && <span class="muted">(and {check.violations.length - 1} more)</span>}{' '}
                      {bodySpan && (
                        <button type="button" class="link-button" onClick={goToField}>
                          Go to the field
                        </button>
                      )}
                    </p>
                  )}
                </div>
                {/"requestid"/.test(bodyText) && (
                <label class="console-renew">
                  <input type="checkbox" checked={renew} onChange={(e) => setRenew((e.currentTarget as HTMLInputElement).checked)} /> New requestid after each send (clear it to send the same one
                  again and get the first answer back)
                </label>
                )}
              </div>
            )}
            {!op?.body && (
              <div id="console-check" class="console-check" aria-live="polite">
                {check.state === 'checked' && !firstViolation && <p class="console-ok">Valid: the sandbox accepts this request ({check.operation}).</p>}
                {firstViolation && (
                  <p class="violation" data-location={firstViolation.location.join('.')}>
                    <code>{firstViolation.location.join('.')}</code> {firstViolation.message}
                  </p>
                )}
              </div>
            )}
            <p>
              <button type="submit" class="button button-primary" disabled={!op || !appid || sending}>
                {sending ? 'Sending…' : `Send to ${appid ?? 'the sandbox'}`}
              </button>
            </p>
          </form>
        </section>
        <section class="console-answer" aria-labelledby="answer-title">
          <h2 id="answer-title">Answer</h2>
          {!sent && <p class="empty">Send the request to see the sandbox's answer here.</p>}
          {sent && <SentView sent={sent} />}
        </section>
      </main>
      <section class="console-phones" aria-labelledby="phones-title">
        <h2 id="phones-title">On the target devices</h2>
        {!sent || sent.taskids.length === 0 ? (
          <p class="empty">A push sent from here is drawn as each target device shows it, live: switch a device offline, advance the clock, and watch.</p>
        ) : drawn.length === 0 ? (
          <p class="empty">Task {sent.taskids.join(', ')} has no device yet (a scheduled push fires when the app's clock reaches its pushTime).</p>
        ) : (
          drawn.map(({ cid, messages }) => (
            <section class="console-device" key={cid} aria-labelledby={`phone-${cid}`} data-cid={cid}>
              <h3 id={`phone-${cid}`}>
                {cid} <span class="muted">({devices.find((d) => d.cid === cid)?.online ? 'online' : 'offline'})</span>
              </h3>
              {messages.length === 0 ? <p class="empty">Nothing from this push yet.</p> : messages.map((m) => <MessageCard key={m.id} message={m} context={context} />)}
            </section>
          ))
        )}
      </section>
      <div class="console-tools">
        <nav class="side" aria-label="Devices">
          <Devices
            devices={devices}
            selected={undefined}
            loaded={true}
            onSelect={(cid) => {
              // The inbox page shows a device's (or every device's) messages in full.
              location.href = `/#app=${encodeURIComponent(appid ?? '')}${cid ? `&cid=${encodeURIComponent(cid)}` : ''}`;
            }}
            onOnline={(cid, online) =>
              void act(`${cid} is now ${online ? 'online' : 'offline'}`, async () => {
                await data(control.PATCH('/apps/{appid}/devices/{cid}', { params: { path: { appid: appid!, cid } }, body: { online } }));
                await loadDevices(appid!);
              })
            }
          />
        </nav>
        {appid && catalogue.length > 0 && <Faults appid={appid} catalogue={catalogue} onDone={(said) => setNotice(said)} onError={(said) => setError(said)} />}
      </div>
    </SettingsContext.Provider>
  );
}

function SentView({ sent }: { sent: Sent }) {
  const { answer, request, steps } = sent;
  return (
    <div class="console-sent">
      {steps.map((step, i) => (
        <details class="console-step" key={i} open>
          <summary>
            Sign-in: <code>{step.request.split('?')[0]}</code> → {step.status} {step.outcome}
          </summary>
          <dl class="fields">
            {step.computed.map((c) => (
              <div class="field" key={c.name}>
                <dt>{c.name}</dt>
                <dd>
                  <code class="wrap">{c.value}</code> <span class="muted">{c.how}</span>
                </dd>
              </div>
            ))}
            <div class="field">
              <dt>token</dt>
              <dd class="muted">{step.ok ? 'kept by this page for the next calls (not shown)' : 'none: the sign-in was refused'}</dd>
            </div>
          </dl>
        </details>
      ))}
      {steps.length === 0 && request.op.secured && (
        <p class="muted">Sent with the token of an earlier sign-in for {request.appid} (kept by this page, not shown).</p>
      )}
      <p class="console-status" data-status={answer.status}>
        <strong>
          HTTP {answer.status} {answer.statusText}
        </strong>
        {answer.outcome && (
          <>
            {' '}
            · <code>{answer.outcome}</code>
          </>
        )}
      </p>
      {answer.violations.length > 0 && (
        <ul class="violations" aria-label="Violations">
          {answer.violations.map((v, i) => (
            <li key={i}>
              <code>{v.location.join('.')}</code> {v.message}
            </li>
          ))}
        </ul>
      )}
      <h3>Body</h3>
      <pre class="raw raw-block console-answer-body" tabIndex={0} aria-label="Answer body">{answer.text || '(empty)'}</pre>
      <details>
        <summary>Headers ({answer.headers.length})</summary>
        <dl class="fields">
          {answer.headers.map(([name, value]) => (
            <div class="field" key={name}>
              <dt>{name}</dt>
              <dd>
                <code class="wrap">{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <h3>As curl</h3>
      <pre class="raw raw-block console-curl" tabIndex={0} aria-label="The request as curl">{curlCommand(request)}</pre>
      <h3>As a typed client call</h3>
      <pre class="raw raw-block console-typed" tabIndex={0} aria-label="The request as a typed client call">{clientCall(request)}</pre>
    </div>
  );
}
