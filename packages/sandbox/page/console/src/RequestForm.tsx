// The request: the API and operation, the example made ready for the app chosen, the parameters and the body,
// checked as typed; sent through the API's client.
import { useEffect, useState } from 'preact/hooks';
import type { Device } from '../../src/api.js';
import type { Sent } from './answer.js';
import { BodyEditor } from './BodyEditor.js';
import type { ApiName, CatalogueApi } from './catalogue.js';
import { jsonError, paramsOf, useCheck } from './check.js';
import { Parameters } from './Parameters.js';
import { prefill, renewRequestIds } from './prefill.js';
import { mountOf, type ConsoleRequest } from './samples.js';

interface RequestFormProps {
  catalogue: CatalogueApi[];
  chosen: { api: ApiName; operationId: string };
  app: { appid: string; appkey: string } | undefined;
  devices: Device[];
  sending: boolean;
  onChoose(api: ApiName, operationId: string): void;
  onSend(request: ConsoleRequest): Promise<Sent | undefined>;
  onSay(notice: string | undefined, error?: string): void;
}

export function RequestForm({ catalogue, chosen, app, devices, sending, onChoose, onSend, onSay }: RequestFormProps) {
  const [exampleName, setExampleName] = useState<string | undefined>();
  const [params, setParams] = useState<Record<string, string>>({});
  const [bodyText, setBodyText] = useState('');
  const [changes, setChanges] = useState<string[]>([]);
  const [renew, setRenew] = useState(true);
  const api = catalogue.find((a) => a.name === chosen.api);
  const op = api?.operations.find((o) => o.operationId === chosen.operationId) ?? api?.operations[0];
  const appid = app?.appid;
  const check = useCheck(chosen.api, op, bodyText, params);

  // The example (and the parameters) of the operation chosen, made ready for the app chosen.
  const examples = op?.body?.examples ?? [];
  const example = examples.find((e) => e.name === exampleName) ?? examples[0];
  const deviceIds = devices.map((d) => d.cid);
  const preferred = devices.find((d) => d.online && d.active && !d.blacklisted)?.cid;
  // What the user typed is kept: the example fills the form only until the body or a parameter is edited for this
  // operation and example (later arrivals, the devices or the app, leave it as typed); choosing another operation
  // or example, or "Back to the example", fills it in again.
  const exampleKey = `${chosen.api}/${op?.operationId}/${example?.name}`;
  const [editedAt, setEditedAt] = useState<string | undefined>();
  const edited = editedAt === exampleKey;
  const prefillKey = `${exampleKey}/${appid}/${deviceIds.length > 0}/${edited}`;
  useEffect(() => {
    if (!op || !app || edited) return;
    const filled = example ? prefill(example.value, { appkey: app.appkey, devices: deviceIds, preferred }) : undefined;
    setBodyText(filled ? JSON.stringify(filled.value, null, 2) : '');
    setChanges(filled?.changes ?? []);
    setParams(
      Object.fromEntries(
        op.parameters.map((p) => [
          p.name,
          p.name === 'cid' && preferred && p.in === 'path' ? preferred : (p.example ?? ''),
        ]),
      ),
    );
  }, [prefillKey]);

  const choose = (apiName: ApiName, operationId: string) => {
    setExampleName(undefined);
    onChoose(apiName, operationId);
  };

  async function send(event: Event) {
    event.preventDefault();
    if (!op || !appid || sending) return;
    let body: unknown;
    if (op.body && bodyText.trim() !== '') {
      const broken = jsonError(bodyText);
      if (broken) {
        onSay(undefined, `The body is not JSON (line ${broken.line}): ${broken.message}`);
        document.getElementById('console-body')?.focus();
        return;
      }
      body = JSON.parse(bodyText) as unknown;
    }
    const sent = await onSend({ api: chosen.api, op, appid, origin: location.origin, ...paramsOf(op, params), body });
    if (!sent) return;
    if (renew && sent.accepted && body !== undefined && /"requestid"/.test(bodyText)) {
      setBodyText(JSON.stringify(renewRequestIds(body), null, 2));
      onSay('Sent. The body has a new requestid for the next send.');
    } else onSay('Sent.');
  }

  const firstViolation = check.state === 'checked' ? check.violations[0] : undefined;
  return (
    <form onSubmit={(e) => void send(e)}>
      <div class="console-pick">
        <label for="console-api">API</label>
        <select
          id="console-api"
          value={chosen.api}
          onChange={(e) => {
            const name = (e.currentTarget as HTMLSelectElement).value as ApiName;
            choose(name, catalogue.find((a) => a.name === name)?.operations[0]?.operationId ?? '');
          }}
        >
          {catalogue.map((a) => (
            <option key={a.name} value={a.name}>
              {a.title}
            </option>
          ))}
        </select>
        <label for="console-op">Operation</label>
        <select
          id="console-op"
          value={op?.operationId ?? ''}
          onChange={(e) => choose(chosen.api, (e.currentTarget as HTMLSelectElement).value)}
        >
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
          {op.secured
            ? chosen.api === 'push-v1'
              ? '· needs authtoken: the push v1 client signs in with auth_sign'
              : '· needs a bearer token: the DMP client signs in with /accesser/auth'
            : '· a sign-in: the console computes its signs'}
        </p>
      )}
      {examples.length > 0 && (
        <div class="console-pick">
          <label for="console-example">Example</label>
          <select
            id="console-example"
            value={example?.name ?? ''}
            onChange={(e) => setExampleName((e.currentTarget as HTMLSelectElement).value)}
          >
            {examples.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name}: {x.summary}
              </option>
            ))}
          </select>
        </div>
      )}
      {op && op.parameters.length > 0 && (
        <Parameters
          op={op}
          params={params}
          check={check}
          onParams={(typed) => {
            setParams(typed);
            setEditedAt(exampleKey);
          }}
        />
      )}
      {op?.body && (
        <BodyEditor
          text={bodyText}
          onText={(typed) => {
            setBodyText(typed);
            setEditedAt(exampleKey);
          }}
          onReset={edited ? () => setEditedAt(undefined) : undefined}
          check={check}
          title={api?.title ?? ''}
          changes={changes}
          appid={appid}
          renew={renew}
          onRenew={setRenew}
        />
      )}
      {!op?.body && (
        <div id="console-check" class="console-check" aria-live="polite">
          {check.state === 'checked' && !firstViolation && (
            <p class="console-ok">Valid: the sandbox accepts this request ({check.operation}).</p>
          )}
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
  );
}
