import type { Change } from './types.d.mts';
export declare const diffedApis: { name: string; root: string; output: string }[];
export declare function mergeBase(cwd: string): { base: string; upstream: string; onMain: boolean };
export declare function diffBundles(before: Record<string, object>, after: Record<string, object>): Change[];
export declare function lastRelease(cwd: string): string | undefined;
export declare function bundlesOfWorkingTree(cwd: string): Record<string, object>;
export declare function bundlesAtRef(cwd: string, ref: string): Record<string, object>;
export declare function diffWorkingTree(cwd: string, base?: string): Promise<{ base: string; changes: Change[] }>;
