// The end of a unit of work: commit it, then announce its changes as events and count them in the metrics.
import type { Committer, Unit } from '../state/unit.js';
import type { Services } from '../interfaces/call.js';
import { eventOf, type SandboxEvent } from './events.js';

/** Commits a unit, then announces its changes (computed now, so each event shows the state this unit left). */
export async function commitUnit(
  services: Pick<Services, 'events' | 'metrics'>,
  committer: Committer,
  unit: Unit,
  announce: Omit<SandboxEvent, 'id'>[] = [],
  quiet = false,
): Promise<void> {
  const events = quiet ? [] : unit.changes().flatMap((change) => eventOf(change) ?? []);
  // Only a write to the --data store takes time worth a histogram; in memory a commit writes nothing.
  if (services.metrics && committer.durable && unit.changed) await services.metrics.timeCommit(committer.commit(unit));
  else await committer.commit(unit);
  if (!quiet) services.metrics?.observeChanges(unit.changes());
  for (const event of [...events, ...announce]) services.events.emit(event);
}
