#!/usr/bin/env node
// @ts-check
// Fetches every runtime of the matrix into .runtimes/ (runtimes.mjs), one after another. CI runs it before the
// stages that run side by side (the runtime matrix, the LTS run), so that no two of them install the same runtime
// into the same folder at once: each would remove the other's install before renaming its own into place.
import { ensureRuntime, runtimeSpecs } from './runtimes.mjs';

for (const spec of runtimeSpecs) {
  const { downloaded } = ensureRuntime(spec, { log: (line) => console.log(`fetch-runtimes: ${line}`) });
  console.log(`fetch-runtimes: ${spec.id} ${downloaded ? 'fetched' : 'already here'}`);
}
