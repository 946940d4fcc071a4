// One request of the scenario: which operation, how it is built from the context, what it hands on, and the
// rule of the description it observes (if any).
import type { ServiceAnswer } from '../check/answer.js';
import type { Context } from './context.js';

/** How a request carries credentials. */
export type Auth = 'token' | 'none' | 'token-as-bearer' | 'closed-token' | 'dmp-token' | 'dmp-none';

export interface StepRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  auth: Auth;
}

export interface RuleOutcome {
  /** The rule, as the description states it. */
  rule: string;
  where: string;
  expected: string;
  actual: string;
}

export interface Step {
  name: string;
  operationId: string;
  /** A safe refusal made on purpose: the report shows the service's own result and desc. */
  refusal?: boolean;
  /** `main` (default), `restore` (runs in a finally, whatever happened before) or `after` (reads and sign-out, once restored). */
  phase?: 'main' | 'restore' | 'after';
  /** Values of earlier steps this one cannot do without: missing, the step is skipped saying which. */
  needs?: string[];
  /** State this request may change (`tags:<cid>`, `alias:<cid>`, `blacklist:<cid>`, `task:<name>`), marked as it is sent. */
  dirties?(ctx: Context): string[];
  /** State this answer shows put back as it was (the scenario's own undo, or a restore done). */
  cleans?(ctx: Context, answer: ServiceAnswer): string[];
  /** Values this step hands on (`vars`): when one is missing after it, the steps that need it say so. */
  gives?: string[];
  /** A restore step: runs only while this state is marked changed. */
  restores?(ctx: Context): string;
  /** The step whose effect the rule observes: when that step was not answered ok, the rule is not judged. */
  follows?: string;
  /**
   * The answer depends on every device of the app, not only the listed ones (bi tags, statistics): parity compares
   * only what the listed devices and the run contribute, since other users' devices are not in the sandbox.
   */
  appWide?: boolean;
  /** The rule depends on the target's clock agreeing with the run's now (a false finding otherwise). */
  clockBound?: boolean;
  /** Why the step does not run here, or undefined. */
  skip?(ctx: Context): string | undefined;
  request(ctx: Context): StepRequest;
  /** Remembers what later steps need. */
  after?(ctx: Context, answer: ServiceAnswer): void;
  /** The rule this step observes: returns the outcome when it is broken. */
  rule?(ctx: Context, answer: ServiceAnswer): RuleOutcome | undefined;
}
