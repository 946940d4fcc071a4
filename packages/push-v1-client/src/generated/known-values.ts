// Generated from openapi/push-v1 (bundle: openapi/dist/push-v1.json).
// Do not edit: run `pnpm run generate` in this package.

/** Values listed in `x-known-values` of each schema: known, never a closed set. */
export const knownValues = {
  "Result": ["ok","no_user","not_auth","sign_error","too_frequent","no_appid","appid_notmatch","black_appid","black_ip","invalid_param","alias_error","alias_notbind","no_msg","no_valid_push","no_taskid","pushnum_overlimit","tag_over_limit","taginvalid_or_noauth","sensitive_word","successed_online","successed_offline","successed_ignore","other_error"],
} as const;
