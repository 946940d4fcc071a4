// Turns raw device identifiers into the body of /tags/user, hashing each one as the description says.
import type { components } from './generated/schema.js';
import { md5Hex } from './md5.js';

export type UserTagsBody = components['schemas']['UserTagsRequest'];

/** Raw identifiers of one device; give those you have. */
export interface RawDeviceIds {
  /** Android device number (IMEI). Sent as imeiMD5. */
  imei?: string;
  /** MAC address, with or without colons, any case. Sent as macMD5 of the colon-free lowercase form. */
  mac?: string;
  /** Mobile subscriber identity (IMSI). Sent as imsiMD5. */
  imsi?: string;
  /** Phone number. Sent as mb (its MD5). */
  phone?: string;
  /** Advertising id. Sent uppercased as idfa, and idfaMD5 (MD5 of the uppercased value). */
  idfa?: string;
  /** oaid. Sent as oaid and oaidMD5. */
  oaid?: string;
  /** androidId. Sent as androidId and androidIdMD5. */
  androidId?: string;
}

export interface UserTagsBodyOptions {
  /** Leave out the raw idfa, oaid and androidId and send only their MD5 (for callers who must not send raw ids). */
  hashedOnly?: boolean;
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export function userTagsBody(ids: RawDeviceIds, options: UserTagsBodyOptions = {}): UserTagsBody {
  const body: UserTagsBody = {};
  if (present(ids.imei)) body.imeiMD5 = md5Hex(ids.imei.trim());
  if (present(ids.mac)) body.macMD5 = md5Hex(ids.mac.trim().replaceAll(':', '').toLowerCase());
  if (present(ids.imsi)) body.imsiMD5 = md5Hex(ids.imsi.trim());
  if (present(ids.phone)) body.mb = md5Hex(ids.phone.trim());
  if (present(ids.idfa)) {
    const idfa = ids.idfa.trim().toUpperCase();
    if (!options.hashedOnly) body.idfa = idfa;
    body.idfaMD5 = md5Hex(idfa);
  }
  if (present(ids.oaid)) {
    const oaid = ids.oaid.trim();
    if (!options.hashedOnly) body.oaid = oaid;
    body.oaidMD5 = md5Hex(oaid);
  }
  if (present(ids.androidId)) {
    const androidId = ids.androidId.trim();
    if (!options.hashedOnly) body.androidId = androidId;
    body.androidIdMD5 = md5Hex(androidId);
  }
  return body;
}
