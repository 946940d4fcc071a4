export declare const ACCEPTED_FILE: string;
export declare const MAINTAINER_MARK: string;
export declare function findingsBlock(ids: string[]): string;
export declare function namedIn(text: string): string[];
