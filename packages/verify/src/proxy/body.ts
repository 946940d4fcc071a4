// Bodies through the proxy: read under a bound (a request from the client, an answer from the upstream), and a
// request body read as strict JSON or not at all: what a lenient service parser would accept but JSON.parse
// refuses (single quotes, trailing commas, comments), or reads differently (a key given twice), is not judged.
import type { Readable } from 'node:stream';

export class TooLargeError extends Error {}

/** The whole stream, refusing (and stopping reading) once it passes `limit` bytes. */
export function readBounded(stream: Readable, limit: number, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stream.off('data', onData);
      stream.resume(); // drain the rest unread, so the connection can still carry the refusal
      reject(new TooLargeError(`${what} is over ${limit} bytes`));
    };
    stream.on('data', onData);
    stream.on('end', () => resolve(Buffer.concat(chunks, Math.min(size, limit))));
    stream.on('error', reject);
    // A peer gone mid-way: 'close' without 'end' (after 'end' or a refusal, this reject does nothing).
    stream.on('close', () => reject(new Error(`the connection closed before ${what} arrived`)));
  });
}

export type StrictJson = { ok: true; value: unknown } | { ok: false; why: string };

/** The body as strict JSON (undefined when empty), or why it is not. */
export function parseStrictJson(raw: Buffer): StrictJson {
  if (raw.length === 0) return { ok: true, value: undefined };
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, why: `the body is not strict JSON (${(error as Error).message})` };
  }
  // JSON.parse keeps the last of two equal keys; a service may keep the first: count the keys written.
  if (keysWritten(text) !== keysParsed(value)) return { ok: false, why: 'the body gives a key twice in one object' };
  return { ok: true, value };
}

/** Keys in the text: each string followed by a colon, read string by string from the start (the text is valid JSON). */
function keysWritten(text: string): number {
  let count = 0;
  for (const token of text.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?|[^"]+/g)) if (token[1] !== undefined) count++;
  return count;
}

function keysParsed(root: unknown): number {
  let count = 0;
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) count += children.length;
    stack.push(...children);
  }
  return count;
}
