// @ts-check
// The smoke suite as a worker (workerd through miniflare): each request runs the suite once and answers
// its report line. The base URLs come from the worker's bindings. Bundled with esbuild before it runs,
// as a worker cannot resolve packages from node_modules.
import * as push from '@pushapi/push-v1-client';
import * as dmp from '@pushapi/dmp-client';
import { reportLine, runSmoke } from './suite.mjs';

export default {
  /** @param {Request} _request @param {{ PUSH_BASE_URL: string, DMP_BASE_URL: string }} env */
  async fetch(_request, env) {
    const results = await runSmoke({ push, dmp, pushBaseUrl: env.PUSH_BASE_URL, dmpBaseUrl: env.DMP_BASE_URL });
    return new Response(reportLine(results), { headers: { 'content-type': 'text/plain' } });
  },
};
