// @ts-check
// Runs the clients' smoke suite once and prints its report line; exit code 1 when a check fails. The same
// file runs on Node, Bun and Deno (all three have `process`).
// Usage: PUSH_BASE_URL=... DMP_BASE_URL=... <runtime> run.mjs
import * as push from '@pushapi/push-v1-client';
import * as dmp from '@pushapi/dmp-client';
import { baseUrls, reportLine, runSmoke } from './suite.mjs';

const results = await runSmoke({ push, dmp, ...baseUrls(process.env) });
console.log(reportLine(results));
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
