import { sha256Hex } from '@pushapi/client-core';

/** The auth_sign signature: lowercase hex SHA-256 of appkey + timestamp + mastersecret (timestamp in ms, as text). */
export function pushSign(appKey: string, timestamp: string, masterSecret: string): Promise<string> {
  return sha256Hex(appKey + timestamp + masterSecret);
}
