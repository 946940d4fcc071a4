// `result` values an operation answers as data instead of failing: the client resolves with them (and types
// them as part of the call's answer) where it throws PushApiError on any other value but `ok`.
export const DATA_RESULTS = { 'GET /user_status/{cid}': ['no_user'] } as const satisfies Readonly<
  Record<string, readonly string[]>
>;

/** The `result` values a successful call of `M` on `P` resolves with: `ok`, and any of DATA_RESULTS. */
export type DataResult<P extends string, M extends string> = `${Uppercase<M>} ${P}` extends keyof typeof DATA_RESULTS
  ? 'ok' | (typeof DATA_RESULTS)[`${Uppercase<M>} ${P}`][number]
  : 'ok';
