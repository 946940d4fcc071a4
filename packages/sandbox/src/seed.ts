// The world a sandbox starts with (`--seed <file>`, `startSandbox({ seed })`): read from JSON or YAML, checked
// against the World schema of the control document, so a mistake in the file stops the start with its place named.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { World } from './areas/world.js';
import { describeViolation, explain } from './validation/explain.js';
import { SchemaSet } from './validation/schemas.js';

const WORLD_SCHEMA = 'sandbox#/components/schemas/World';

export class SeedError extends Error {
  readonly exitCode = 2;

  constructor(source: string, problem: string) {
    super(`seed ${source}: ${problem}`);
    this.name = 'SeedError';
  }
}

/** The world in a file: YAML (`.yaml`, `.yml`) or JSON (anything else). */
function readWorldFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return /\.ya?ml$/i.test(path) ? (parseYaml(text) as unknown) : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new SeedError(path, `is not ${/\.ya?ml$/i.test(path) ? 'YAML' : 'JSON'}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** The seed as a checked world: an object as it is, a path read as a file. */
export function worldOf(seed: unknown, documents: Record<string, object>): World {
  const source = typeof seed === 'string' ? seed : '(the seed option)';
  const world = typeof seed === 'string' ? readWorldFile(seed) : seed;
  const violations = explain(new SchemaSet(documents as Record<string, Record<string, unknown>>), WORLD_SCHEMA, world, []);
  if (violations.length > 0) {
    const shown = violations.slice(0, 5).map((v) => describeViolation({ ...v, location: v.location.length > 0 ? v.location : ['(the world)'] }));
    throw new SeedError(source, `breaks the World schema of the control document: ${shown.join('; ')}${violations.length > 5 ? ` (and ${violations.length - 5} more)` : ''}`);
  }
  return world as World;
}
