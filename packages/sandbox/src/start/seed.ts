// The world a sandbox starts with (`--seed <file>`, `startSandbox({ seed })`): read from JSON or YAML, checked
// against the World schema of the control document, so a mistake in the file stops the start with its place named.
import type { World } from '../behaviour/world.js';
import { describeViolation, explain } from '../validation/explain.js';
import { identifierViolations } from '../validation/identifiers.js';
import { SchemaSet } from '../validation/schemas.js';
import { readWorldFile, WorldFileProblem } from './world-file.js';

const WORLD_SCHEMA = 'sandbox#/components/schemas/World';

export class SeedError extends Error {
  readonly exitCode = 2;

  constructor(source: string, problem: string) {
    super(`seed ${source}: ${problem}`);
    this.name = 'SeedError';
  }
}

/** The world in a file, read within its bounds (world-file.ts); what is wrong named with the file. */
function readWorld(path: string): unknown {
  try {
    return readWorldFile(path);
  } catch (error) {
    if (error instanceof WorldFileProblem) throw new SeedError(path, error.message);
    throw new SeedError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The seed as a checked world: an object as it is, a path read as a file. */
export function worldOf(seed: unknown, documents: Record<string, object>): World {
  const source = typeof seed === 'string' ? seed : '(the seed option)';
  const world = typeof seed === 'string' ? readWorld(seed) : seed;
  const byIdentifiers = identifierViolations({ params: {}, query: new URLSearchParams(), body: world });
  const violations =
    byIdentifiers.length > 0
      ? byIdentifiers.map((v) => ({ ...v, location: v.location.slice(1) })) // `body` is the world itself here
      : explain(new SchemaSet(documents as Record<string, Record<string, unknown>>), WORLD_SCHEMA, world, []);
  if (violations.length > 0) {
    const shown = violations
      .slice(0, 5)
      .map((v) => describeViolation({ ...v, location: v.location.length > 0 ? v.location : ['(the world)'] }));
    throw new SeedError(
      source,
      `breaks the World schema of the control document: ${shown.join('; ')}${violations.length > 5 ? ` (and ${violations.length - 5} more)` : ''}`,
    );
  }
  return world as World;
}
