import type { Change, Hit } from './types.d.mts';
/** One app's ledger as packages/sandbox/usage.schema.json describes it (the fields usage.mjs reads). */
export interface UsageLedger {
  appid: string;
  team: string | null;
  truncated: boolean;
  operations: {
    api: string;
    operationId: string;
    name: string;
    calls: number;
    request: { where: string; calls: number; values?: { value: unknown; calls: number }[] }[];
    response: { where: string; calls: number; values?: { value: unknown; calls: number }[] }[];
    outcomes: { status: number; result?: string | null; calls: number }[];
  }[];
}
export declare const USAGE_SCHEMA: string;
export declare function readUsage(file: string): UsageLedger[];
export declare function hitsOf(change: Change, ledgers: UsageLedger[]): Hit[];
export declare function withHits(changes: Change[], ledgers: UsageLedger[]): (Change & { hits: Hit[] })[];
export declare function hitsText(hits: Hit[]): string;
export declare function hitsJson(hits: Hit[]): { appid: string; calls: number }[];
export declare function tellsHits(change: Change): boolean;
export declare function hitsBlock(changes: Change[], file: string): string;
