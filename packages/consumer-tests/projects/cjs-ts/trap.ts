// The mistake the README warns about: an ES import of an ESM-only package from a CommonJS file under
// verbatimModuleSyntax. tsc must refuse it with TS1295 (checked with tsconfig.trap.json).
import { createPushClient } from '@pushapi/push-v1-client';

console.log(typeof createPushClient);
