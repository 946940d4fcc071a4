// A refused control call: its HTTP status and problem details (RFC 9457), raised before anything changes.
import type { Violation } from '../validation/explain.js';

export class ControlProblem extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    readonly title: string,
    readonly detail: string,
    readonly validation: Violation[] = [],
  ) {
    super(detail);
  }
}

export const notFound = (detail: string) => new ControlProblem(404, 'not-found', 'Not found', detail);
