// The bytes of a value's JSON text (UTF-8), counted without building the text: the request log measures every entry
// it keeps, and the text JSON.stringify made for that was thrown away at once (a fifth of what logging a push
// allocated); a push's content is measured the same way, once. Exact for JSON data (what a parsed body and a log
// entry hold); a value with toJSON is measured by JSON.stringify itself.

/** Bytes of one character code of a string in JSON text, as JSON.stringify escapes it (well-formed: lone surrogates as \uXXXX). */
function stringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x20) bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** Whether JSON.stringify leaves a property with this value out (and writes it as null in an array). */
const omitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Sizes already measured, by object (a WeakMap is one): `get` answers for an object that never changes and was
 * measured before (it is not walked again); `set`, when there, is told the bytes of each object and array measured.
 */
export interface KnownSizes {
  get(value: object): number | undefined;
  set?(value: object, bytes: number): unknown;
}

/**
 * Bytes of the JSON text of a value (0 for one JSON.stringify leaves out); the same as
 * Buffer.byteLength(JSON.stringify(value)), as long as what `sizes` knows is true.
 */
export function jsonTextBytes(value: unknown, sizes?: KnownSizes): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  if (typeof value !== 'object') return 0;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  const known = sizes?.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    let bytes = value.length > 0 ? 1 + value.length : 2;
    for (const item of value) bytes += omitted(item) ? 4 : jsonTextBytes(item, sizes);
    sizes?.set?.(value, bytes);
    return bytes;
  }
  let bytes = 1;
  let members = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (omitted(item)) continue;
    bytes += stringBytes(key) + 1 + jsonTextBytes(item, sizes);
    members++;
  }
  bytes += Math.max(members, 1);
  sizes?.set?.(value, bytes);
  return bytes;
}
