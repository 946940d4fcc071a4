import type { Change } from './types.d.mts';
export type Level = 'none' | 'patch' | 'minor' | 'major';
export declare const DOCUMENT_PACKAGES: Record<string, string>;
export declare const API_PACKAGES: Record<string, string[]>;
export declare const LEVELS: Level[];
export declare function isBreaking(change: Change): boolean;
export declare function requiredBumps(cwd: string, changes: Change[]): Record<string, Level>;
export declare function changesetText(cwd: string, changes: Change[]): string;
