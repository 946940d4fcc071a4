// The shape of one change found by api-diff (scripts/api-diff/classify.mjs), for the type declarations beside
// the modules that TypeScript callers (the changeset check) import.
export type ChangeClass = 'breaking' | 'non-breaking' | 'breaking-for-exhaustive-clients' | 'review';
export interface Change {
  /** the finding id: check, api, operation, place and a digest of the change (findings.mjs) */
  id: string;
  /** the check id, e.g. `response-property-removed` */
  check: string;
  api: string;
  operationId: string;
  /** e.g. `request.body.cid`, `response.200.body.result`, `request.body<variant title>.message` */
  where: string;
  change: string;
  class: ChangeClass;
  /** what old code has to do, for the breaking classes */
  migration?: string;
  /** with a usage file (api-diff --usage, changeset:check --usage): the recorded apps the change meets (usage.mjs) */
  hits?: Hit[];
}

/** A recorded app a change meets: its calls that meet it, and its team (the prefix of its team token, or null). */
export interface Hit {
  appid: string;
  calls: number;
  team: string | null;
}
