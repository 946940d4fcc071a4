// MD5 (which WebCrypto lacks) through @noble/hashes, as lowercase hex of the UTF-8 text.
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
