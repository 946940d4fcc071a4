// Shape of the fixture list exported by @pushapi/openapi (plain JavaScript, see openapi/fixtures/index.mjs).
declare module '@pushapi/openapi/fixtures' {
  export interface Fixture {
    api: 'push-v1' | 'dmp';
    operationId: string;
    kind: 'valid' | 'invalid';
    name: string;
    /** The rule of the description an invalid fixture breaks. */
    rule?: string;
    body?: unknown;
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  }
  export const fixtures: Fixture[];
}
