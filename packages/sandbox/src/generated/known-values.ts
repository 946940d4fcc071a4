// Generated from openapi/sandbox (bundle: openapi/dist/sandbox.json).
// Do not edit: run `pnpm run generate` in this package.

/** Values listed in `x-known-values` of each schema: known, never a closed set. */
export const knownValues = {
} as const;
