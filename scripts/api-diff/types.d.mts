// The shape of one change found by api-diff (scripts/api-diff/classify.mjs), for the type declarations beside
// the modules that TypeScript callers (the changeset check) import.
export type ChangeClass = 'breaking' | 'non-breaking' | 'breaking-for-exhaustive-clients';
export interface Change {
  api: string;
  operationId: string;
  /** e.g. `request.body.cid`, `response.200.body.result`, `request.body<variant title>.message` */
  where: string;
  change: string;
  class: ChangeClass;
  /** what old code has to do, for the breaking classes */
  migration?: string;
}
