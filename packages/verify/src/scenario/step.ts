// One request of the scenario: which operation, how it is built from the context, what it hands on, and the
// rule of the description it observes (if any).
import type { Answer } from '../check/answer.js';
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
  /** Why the step does not run here, or undefined. */
  skip?(ctx: Context): string | undefined;
  request(ctx: Context): StepRequest;
  /** Remembers what later steps need. */
  after?(ctx: Context, answer: Answer): void;
  /** The rule this step observes: returns the outcome when it is broken. */
  rule?(ctx: Context, answer: Answer): RuleOutcome | undefined;
}
