import { md5Hex } from './md5.js';

export interface DmpSigns {
  sign1: string;
  sign2: string;
}

/**
 * The /accesser/auth signatures, lowercase hex:
 * sign1 = MD5(user_code + MD5(timestamp)), sign2 = MD5(user_code + auth_code + MD5(timestamp)).
 * `timestamp` is the same text that is sent in the query.
 */
export function dmpSigns(userCode: string, authCode: string, timestamp: string): DmpSigns {
  const hashedTimestamp = md5Hex(timestamp);
  return { sign1: md5Hex(userCode + hashedTimestamp), sign2: md5Hex(userCode + authCode + hashedTimestamp) };
}
