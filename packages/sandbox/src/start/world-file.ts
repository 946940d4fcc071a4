// A world file (`--seed`) bounded by what it costs, not only by the World schema: its size in bytes, and in YAML
// what its aliases expand to (the yaml library limits how many aliases there are, not their size: 99 aliases of
// one list of 1,000 devices make 100,000). In JSON a key written twice in one object is refused, as YAML does,
// rather than the last one silently winning.
import { readFileSync, statSync } from 'node:fs';
import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';

/**
 * The largest world file read: 4 MiB of JSON (about 80,000 devices), 1 MiB of YAML, which costs about four times
 * as much time and memory to read (a 4 MiB YAML world took 38 s and 835 MB, the same as JSON 8 s and 254 MB).
 */
export const WORLD_FILE_MAX_BYTES = { json: 4 * 1024 * 1024, yaml: 1024 * 1024 } as const;
/** How many nodes (a mapping, a list, a key, a value) YAML aliases may add to a world beyond what is written. */
export const WORLD_ALIAS_MAX_NODES = 100_000;

/** What is wrong with a world file, said after "seed <file>: ". */
export class WorldFileProblem extends Error {}

/** Nodes (mappings, lists, pairs, scalars) written in the document, and once every alias is expanded. */
function expandedNodes(doc: Document): { written: number; expanded: number } {
  const sizes = new Map<unknown, number>();
  let written = 0;
  const size = (node: unknown, viaAlias: boolean): number => {
    if (node === null || node === undefined) return 0;
    if (isAlias(node)) return size(node.resolve(doc), true);
    if (!viaAlias) written++;
    const known = sizes.get(node);
    if (known !== undefined && viaAlias) return known;
    sizes.set(node, 1); // a node inside its own anchor counts once
    let total = 1;
    if (isMap(node) || isSeq(node)) for (const item of node.items) total += size(item, viaAlias);
    else if (isPair(node)) total += size(node.key, viaAlias) + size(node.value, viaAlias);
    else if (!isScalar(node)) total = 0;
    sizes.set(node, total);
    return total;
  };
  return { expanded: size(doc.contents as Node | null, false), written };
}

function readYaml(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true });
  const [error] = doc.errors;
  if (error) throw new WorldFileProblem(`is not YAML: ${error.message.split('\n')[0]}`);
  const { written, expanded } = expandedNodes(doc);
  if (expanded - written > WORLD_ALIAS_MAX_NODES) {
    throw new WorldFileProblem(
      `its aliases expand to ${expanded.toLocaleString('en')} nodes where ${written.toLocaleString('en')} are written; aliases may add at most ${WORLD_ALIAS_MAX_NODES.toLocaleString('en')} (write the repeated part out, or use JSON)`,
    );
  }
  return doc.toJS({ maxAliasCount: -1 }); // bounded above by size, not by count
}

/** The first key written twice in one object of valid JSON text: its place (`apps[0]`), the key and its line. */
export function duplicateJsonKey(text: string): { place: string; key: string; line: number } | undefined {
  type Level = { keys?: Set<string>; key?: string; index: number; expectKey: boolean };
  const stack: Level[] = [];
  const place = () =>
    stack
      .slice(0, -1)
      .map((level) => (level.keys ? `.${level.key}` : `[${level.index}]`))
      .join('')
      .replace(/^\./, '') || '(the world)';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === '{') stack.push({ keys: new Set(), index: 0, expectKey: true });
    else if (c === '[') stack.push({ index: 0, expectKey: false });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',' && top) top.keys ? (top.expectKey = true) : top.index++;
    else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return { place: place(), key, line: text.slice(0, i).split('\n').length };
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    }
  }
  return undefined;
}

function readJson(text: string): unknown {
  let world: unknown;
  try {
    world = JSON.parse(text);
  } catch (error) {
    throw new WorldFileProblem(`is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate)
    throw new WorldFileProblem(
      `has the key "${duplicate.key}" twice in one object, at ${duplicate.place} (line ${duplicate.line}); JSON readers disagree on which one counts`,
    );
  return world;
}

/** The world in a file: YAML (`.yaml`, `.yml`) or JSON (anything else), within its byte and alias bounds. */
export function readWorldFile(path: string): unknown {
  const format = /\.ya?ml$/i.test(path) ? 'yaml' : 'json';
  const [size, max] = [statSync(path).size, WORLD_FILE_MAX_BYTES[format]];
  if (size > max) {
    const instead = format === 'yaml' ? 'write it as JSON (up to 4 MiB), split it' : 'split it';
    throw new WorldFileProblem(
      `has ${size.toLocaleString('en')} bytes; a ${format.toUpperCase()} world has at most ${max.toLocaleString('en')} (${max / 2 ** 20} MiB): ${instead}, or add the devices through the control API`,
    );
  }
  const text = readFileSync(path, 'utf8');
  return format === 'yaml' ? readYaml(text) : readJson(text);
}
