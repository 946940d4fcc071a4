// The app shown, its sandbox clock, and the actions on it: advance the clock (scheduled pushes fire, offline
// messages expire), reset the app, reset the whole sandbox. Resets ask once more before they act.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { App } from '../api.js';
import { appTime, utcOffset } from '../format.js';

const UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

export function ConfirmButton({ label, question, onConfirm }: { label: string; question: string; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="button" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        class="button button-danger"
        ref={confirmRef}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" class="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export function AppBar(props: {
  apps: App[];
  app: App | undefined;
  now: number;
  onApp(appid: string): void;
  onAdvance(ms: number): void;
  onResetApp(): void;
  onResetSandbox(): void;
}) {
  const { app, apps } = props;
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<keyof typeof UNITS>('hours');
  const offset = app?.settings.utcOffsetMinutes ?? 0;
  const advance = (event: Event) => {
    event.preventDefault();
    const n = Number(amount);
    if (Number.isFinite(n) && n > 0) props.onAdvance(Math.round(n * UNITS[unit]));
  };
  return (
    <section class="appbar" aria-label="App and sandbox clock">
      <span class="app-choice">
        <label for="app">App</label>
        <select
          id="app"
          value={app?.appid ?? ''}
          onChange={(e) => props.onApp((e.currentTarget as HTMLSelectElement).value)}
        >
          {apps.map((a) => (
            <option key={a.appid} value={a.appid}>
              {a.appid}
              {a.name && a.name !== a.appid ? ` (${a.name})` : ''}
            </option>
          ))}
        </select>
      </span>
      {app && (
        <p class="clock" aria-live="off">
          <span class="clock-label">Sandbox clock</span> <time class="clock-now">{appTime(props.now, offset)}</time>{' '}
          <span class="clock-zone">{utcOffset(offset)}</span>{' '}
          <span class="chip">{app.clock.frozen ? 'frozen' : 'running'}</span>
          <span class="app-counts">
            {' '}
            · {app.counts.devices} devices · {app.counts.tasks} tasks · scheduled push{' '}
            {app.settings.scheduledPush ? 'on' : 'off'}
          </span>
        </p>
      )}
      {app && (
        <form class="advance" onSubmit={advance}>
          <label for="advance-amount">Advance the clock by</label>{' '}
          <input
            id="advance-amount"
            type="number"
            min="1"
            step="any"
            required
            value={amount}
            onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)}
            class="amount"
          />{' '}
          <label class="visually-hidden" for="advance-unit">
            Unit
          </label>
          <select
            id="advance-unit"
            value={unit}
            onChange={(e) => setUnit((e.currentTarget as HTMLSelectElement).value as keyof typeof UNITS)}
          >
            {Object.keys(UNITS).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>{' '}
          <button type="submit" class="button">
            Advance clock
          </button>
        </form>
      )}
      <div class="resets">
        {app && (
          <ConfirmButton
            label="Reset app"
            question={`Remove the devices, tasks and tokens of ${app.appid}?`}
            onConfirm={props.onResetApp}
          />
        )}
        <ConfirmButton
          label="Reset sandbox"
          question="Remove every app and start again from the default app?"
          onConfirm={props.onResetSandbox}
        />
      </div>
    </section>
  );
}
