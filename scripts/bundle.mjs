// Bundles each hand-written, multi-file document into one JSON file under openapi/dist/.
// Run from the openapi package (turbo task `bundle`).
import path from 'node:path';
import { apis, root } from './apis.mjs';
import { run } from './run.mjs';

const redocly = path.join(root, 'openapi', 'node_modules', '.bin', 'redocly');
for (const api of apis) {
  run(redocly, ['bundle', api.source, '--output', api.bundle, '--config', path.join(root, 'redocly.yaml')], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}
