export declare const SHAPING: string[];
export declare function snapshot(cwd: string, ref?: string): string;
export declare function buildPublished(dir: string): Record<string, object>;
export declare function publishedAt(cwd: string, ref?: string): Record<string, object>;
