import type { Change } from './types.d.mts';
export declare const diffedApis: { name: string; root: string }[];
export declare function lastRelease(cwd: string): string | undefined;
export declare function bundlesOfWorkingTree(cwd: string): Record<string, object>;
export declare function bundlesAtRef(cwd: string, ref: string): Record<string, object>;
export declare function diffWorkingTree(cwd: string, base?: string): Promise<{ base: string; changes: Change[] }>;
