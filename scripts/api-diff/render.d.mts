import type { Change } from './types.d.mts';
export declare function why(change: Change): string;
export declare function byOperation(changes: Change[]): Map<string, Change[]>;
export declare function summary(changes: Change[]): string;
export declare function renderText(changes: Change[]): string;
export declare function renderMarkdown(changes: Change[], options?: { ask?: boolean }): string;
export declare function foldMediaTypes(changes: Change[]): Change[];
export declare function toJson(changes: Change[]): { changes: Omit<Change, 'migration'>[] };
