// Generated from openapi/push-v1 (bundle: openapi/dist/push-v1.json).
// Do not edit: run `pnpm run generate` in this package.

/** Values listed in `x-known-values` of each schema: known, never a closed set. */
export const knownValues = {
  "Result": ["ok","no_msg","alias_error","black_ip","sign_error","pushnum_overlimit","no_appid","no_user","too_frequent","sensitive_word","appid_notmatch","not_auth","black_appid","invalid_param","alias_notbind","tag_over_limit","successed_online","successed_offline","successed_ignore","taginvalid_or_noauth","no_valid_push","no_taskid","other_error"],
} as const;
