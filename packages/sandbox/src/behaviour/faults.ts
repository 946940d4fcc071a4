// Faults injected into the next calls of an operation of one app: an HTTP error status, a dropped connection,
// a delay, or a given result. They live in memory only.
import { invalid } from '../shared/refusal.js';
import type { FaultRecord } from '../state/records.js';
import type { AppState } from '../state/store.js';
import type { ControlBody } from './bodies.js';

let nextId = 1;

/** Adds a fault for one of `operations` (the push v1 and DMP operations' fault names, see fault-names.ts). */
export function addFault(app: AppState, input: ControlBody<'addFault'>, operations: readonly string[]): FaultRecord {
  if (!operations.includes(input.operation)) {
    // A path with several methods names each of them: say which, rather than that nothing has the name.
    const methods = operations.filter((name) => name.startsWith(`${input.operation} (`));
    const [said, allowed] =
      methods.length > 0
        ? [`"${input.operation}" names ${methods.length} operations; name one: ${methods.join(', ')}`, methods]
        : [`no push v1 or DMP operation is named "${input.operation}"`, operations];
    throw invalid(said, [
      {
        location: ['body', 'operation'],
        severity: 'Error',
        code: 'enum',
        message: `must be one of: ${allowed.join(', ')}`,
      },
    ]);
  }
  const fault: FaultRecord = {
    id: `f-${nextId++}`,
    operation: input.operation,
    kind: input.kind,
    remaining: input.times ?? 1,
    status: input.kind === 'http' ? (input.status ?? 503) : null,
    delayMs: input.kind === 'delay' ? (input.delayMs ?? 0) : null,
    result: input.kind === 'result' ? (input.result ?? null) : null,
    desc: input.kind === 'result' ? (input.desc ?? null) : null,
  };
  app.faults.push(fault);
  return fault;
}

/** The fault that answers this call of `operation`, if any (each applies `times` times, in the order added). */
export function takeFault(app: AppState, operation: string): FaultRecord | undefined {
  const index = app.faults.findIndex((f) => f.operation === operation);
  const fault = app.faults[index];
  if (!fault) return undefined;
  fault.remaining--;
  if (fault.remaining <= 0) app.faults.splice(index, 1);
  return { ...fault };
}
