// The findings of one exchange, one per cause, each with what to do next: a broken rule or an undeclared answer
// is the cause, and the parity differences that follow from it are not findings of their own.
import { checkAnswer, checkRequest } from '../check/conformance.js';
import type { ClockNote } from '../check/clock.js';
import { checkParity } from '../check/parity.js';
import { checkUndocumented } from '../check/undocumented.js';
import { operation, requestSchema, responseSchema, sourceOf, type Operation } from '../documents.js';
import type { Context } from '../scenario/context.js';
import { isTransient, type Exchange } from '../scenario/run.js';
import type { Finding } from './types.js';

const OWNER = "report it to the service's owner";

/** The openapi/ file of an operation's path item. */
const pathFile = (op: Operation) => sourceOf(op.api, `#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}`);

/** What to do about a finding, in one line. */
export function nextStep(op: Operation, f: Finding, status?: number, contentType?: string): string {
  const at = (p: { file: string; pointer: string }) => `${p.file}${p.pointer === '#' ? '' : p.pointer}`;
  switch (f.kind) {
    case 'undocumented-field':
    case 'unknown-value':
      return f.documentAt ? `document it in ${at(f.documentAt)}` : `document it in ${pathFile(op).file}`;
    case 'schema': {
      if (f.where.startsWith('request.'))
        return `fix the scenario's request (packages/verify/src/scenario/steps.ts, step "${f.step}")`;
      const pointer = status !== undefined && contentType ? responseSchema(op, status, contentType) : requestSchema(op);
      return `${OWNER}; if the service is right, change the schema at ${pointer ? at(sourceOf(op.api, pointer)) : pathFile(op).file}`;
    }
    case 'http':
      return f.where === 'response'
        ? 'check that the target is reachable and run again'
        : `${OWNER}; if the service is right, declare it in ${pathFile(op).file}`;
    case 'rule':
      return `${OWNER} (the description states it); if the description is wrong, change the rule in ${pathFile(op).file}`;
    case 'parity':
      return f.sandboxChoice
        ? `the description is silent here and the sandbox chose: if the service's answer is the one to follow, change the sandbox's choice "${f.sandboxChoice.question}" (${f.sandboxChoice.readme})`
        : `ask the service's owner which answer is meant; if the service is right, change the sandbox (packages/sandbox) to answer alike`;
  }
}

/** Parity differences of one step, as one finding when the result (or status) differs: the rest follows from it. */
function oneParityCause(parity: Finding[]): Finding[] {
  const cause = parity.find(
    (f) => f.where === 'response.body.result' || f.where === 'response.body.code' || f.where === 'response.status',
  );
  if (!cause || parity.length === 1) return parity;
  return [
    { ...cause, message: `${cause.message} (${parity.length - 1} other differences of this answer follow from it)` },
  ];
}

/** The run as the findings read it: its context, the target's clock note, and whether a step was answered ok. */
export interface RunView {
  ctx: Context;
  clock: ClockNote | undefined;
  answeredOk(stepName: string): boolean;
}

/** Findings of one exchange of the run; `sandbox` is the same step run against the sandbox. */
export function findingsOf(exchange: Exchange, sandbox: Exchange | undefined, run: RunView): Finding[] {
  const { ctx, clock } = run;
  const { step, request, answer } = exchange;
  const op = operation(step.operationId);
  if (exchange.error) {
    const f: Finding = {
      kind: 'http',
      where: 'response',
      expected: 'an answer',
      actual: exchange.error,
      message: `no answer: ${exchange.error}`,
      step: step.name,
    };
    return [{ ...f, next: nextStep(op, f) }];
  }
  if (!answer) return [];
  const out = [
    ...checkRequest(op, request?.body, step.name),
    ...checkAnswer(op, answer, step.name, step.refusal),
    ...checkUndocumented(op, answer, step.name),
  ];
  // A rule about "today" against a target whose clock differs says nothing: the clock note stands for it.
  // A rule observing an earlier step's effect says nothing when that step was refused: the refusal is the cause.
  const judged = !(step.clockBound && clock) && (!step.follows || run.answeredOk(step.follows));
  const broken = judged ? step.rule?.(ctx, answer) : undefined;
  if (broken)
    out.push({
      kind: 'rule',
      where: broken.where,
      expected: broken.expected,
      actual: broken.actual ?? 'absent',
      message: `rule broken: ${broken.rule}`,
      step: step.name,
    });
  // A broken rule or an undeclared answer is the cause; a transient refusal is listed as retried, not compared;
  // a field already found breaking its schema or undocumented is not found again as a difference.
  const caused = out.some((f) => f.kind === 'rule' || f.kind === 'http') || isTransient(answer);
  if (sandbox?.answer && !caused && judged) {
    const seen = new Set(out.map((f) => f.where));
    out.push(
      ...oneParityCause(
        checkParity(step.operationId, step.name, answer, sandbox.answer, step.appWide).filter(
          (f) => !seen.has(f.where),
        ),
      ),
    );
  }
  return out.map((f) => ({ ...f, next: nextStep(op, f, answer.status, answer.contentType) }));
}

/** One finding for the same cause seen on several steps of an operation, naming the steps. */
export function mergeAcrossSteps(findings: Finding[]): Finding[] {
  const byCause = new Map<string, Finding>();
  for (const f of findings) {
    const key = JSON.stringify([f.kind, f.where, f.expected, f.actual]);
    const held = byCause.get(key);
    if (!held) byCause.set(key, { ...f });
    else if (f.step && !held.step?.split('; ').includes(f.step))
      held.step = held.step ? `${held.step}; ${f.step}` : f.step;
  }
  return [...byCause.values()];
}
