// The faults of the app at hand: inject one into the next calls of an operation (an HTTP error, a dropped
// connection, a delay, a given result), see those waiting, clear them.
import { useEffect, useState } from 'preact/hooks';
import { control, data } from '../../src/api.js';
import { faultNames } from '../../../src/shared/fault-names.js';
import type { CatalogueApi } from './catalogue.js';

type Kind = 'http' | 'drop' | 'delay' | 'result';

export function Faults(props: {
  appid: string;
  catalogue: CatalogueApi[];
  onDone(said: string): void;
  onError(said: string): void;
}) {
  // The names the sandbox accepts, one per operation (`user_blk_list (POST)` beside `user_blk_list (DELETE)`).
  const names = faultNames(
    props.catalogue.flatMap((api) => api.operations.map((o) => ({ api: api.name, method: o.method, path: o.path }))),
  );
  const [operation, setOperation] = useState('push_single');
  const [kind, setKind] = useState<Kind>('result');
  const [value, setValue] = useState('too_frequent');
  const [times, setTimes] = useState('1');
  const [waiting, setWaiting] = useState<{ operation: string; kind: string; remaining: number }[]>([]);
  const reload = () =>
    data(control.GET('/apps/{appid}/faults', { params: { path: { appid: props.appid } } })).then(
      ({ faults }) => setWaiting(faults.map((f) => ({ operation: f.operation, kind: f.kind, remaining: f.remaining }))),
      () => undefined,
    );
  useEffect(() => void reload(), [props.appid]);
  const add = async (event: Event) => {
    event.preventDefault();
    const base = { operation, times: Math.max(1, Number(times) || 1) };
    const body =
      kind === 'http'
        ? { ...base, kind, status: Number(value) || 503 }
        : kind === 'delay'
          ? { ...base, kind, delayMs: Number(value) || 0 }
          : kind === 'result'
            ? { ...base, kind, result: value || 'other_error' }
            : { ...base, kind };
    try {
      await data(control.POST('/apps/{appid}/faults', { params: { path: { appid: props.appid } }, body }));
      props.onDone(
        `Fault added: the next ${base.times} call(s) of ${operation} get ${kind}${kind === 'drop' ? '' : ` ${value}`}`,
      );
      await reload();
    } catch (error) {
      props.onError(`The fault was not added: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const clear = async () => {
    await data(control.DELETE('/apps/{appid}/faults', { params: { path: { appid: props.appid } } })).catch(
      () => undefined,
    );
    props.onDone('Faults cleared');
    await reload();
  };
  const valueLabel = { http: 'HTTP status', delay: 'Delay (ms)', result: 'Result or code', drop: '' }[kind];
  return (
    <section class="console-faults" aria-labelledby="faults-title">
      <h2 id="faults-title">Faults</h2>
      <form onSubmit={(e) => void add(e)} class="console-fault-form">
        <label for="fault-operation">Operation to fail</label>
        <select
          id="fault-operation"
          value={operation}
          onChange={(e) => setOperation((e.currentTarget as HTMLSelectElement).value)}
        >
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <label for="fault-kind">Fault</label>
        <select
          id="fault-kind"
          value={kind}
          onChange={(e) => {
            const next = (e.currentTarget as HTMLSelectElement).value as Kind;
            setKind(next);
            setValue({ http: '503', delay: '2000', result: 'too_frequent', drop: '' }[next]);
          }}
        >
          <option value="result">a result</option>
          <option value="http">an HTTP error</option>
          <option value="delay">a delay</option>
          <option value="drop">a dropped connection</option>
        </select>
        {kind !== 'drop' && (
          <>
            <label for="fault-value">{valueLabel}</label>
            <input
              id="fault-value"
              value={value}
              onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            />
          </>
        )}
        <label for="fault-times">Times</label>
        <input
          id="fault-times"
          type="number"
          min="1"
          value={times}
          class="amount"
          onInput={(e) => setTimes((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" class="button">
          Add fault
        </button>
      </form>
      {waiting.length === 0 ? (
        <p class="empty">No fault waiting: calls are answered normally.</p>
      ) : (
        <>
          <ul class="console-fault-list">
            {waiting.map((f, i) => (
              <li key={i}>
                <code>{f.operation}</code>: {f.kind}, {f.remaining} more time(s)
              </li>
            ))}
          </ul>
          <button type="button" class="button" onClick={() => void clear()}>
            Clear faults
          </button>
        </>
      )}
    </section>
  );
}
