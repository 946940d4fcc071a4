// The target's clock, as its answers show it: a task id carries the service's date (`RASS_<mmdd>_…`), a
// lastlogin its time. When they disagree with the run's now, rules about "today" would give false findings:
// the report names the difference and suggests --now instead.
import { isObject, type ServiceAnswer } from './answer.js';
import { DAY_MS, wallClock } from '../scenario/context.js';

export interface ClockNote {
  evidence: string;
  next: string;
}

const mmdd = (ms: number, offset: number) => {
  const w = wallClock(ms, offset);
  return `${w.mo}${w.d}`;
};

/** The first answer whose time disagrees with `now` (a day or more), in words; undefined when none does. */
export function clockDisagreement(
  answers: ServiceAnswer[],
  now: number,
  utcOffsetMinutes: number,
): ClockNote | undefined {
  const near = new Set([-1, 0, 1].map((d) => mmdd(now + d * DAY_MS, utcOffsetMinutes)));
  const next =
    'pass --now with the target\'s time (ISO 8601), such as the frozen time of a sandbox app; rules about "today" were not judged';
  for (const answer of answers) {
    const body = isObject(answer.body) ? answer.body : {};
    const taskid = typeof body.taskid === 'string' ? /^RAS[SLA]_(\d{4})_/.exec(body.taskid) : null;
    if (taskid && !near.has(taskid[1]!)) {
      return {
        evidence: `the target made task ${body.taskid} on ${taskid[1]!.slice(0, 2)}-${taskid[1]!.slice(2)} (month-day), while the run's now is ${new Date(now).toISOString()}`,
        next,
      };
    }
    const lastlogin =
      typeof body.lastlogin === 'string' && /^\d{13}$/.test(body.lastlogin) ? Number(body.lastlogin) : undefined;
    if (lastlogin !== undefined && lastlogin > now + DAY_MS) {
      return {
        evidence: `the target answers a lastlogin of ${new Date(lastlogin).toISOString()}, after the run's now (${new Date(now).toISOString()})`,
        next,
      };
    }
  }
  return undefined;
}
