// The two API documents of the project, and where their sources and bundles live.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const openapiDir = path.join(root, 'openapi');

export const apis = [
  { name: 'push-v1', title: 'Push service v1' },
  { name: 'dmp', title: 'DMP tag query service' },
].map((api) => ({
  ...api,
  source: path.join(openapiDir, api.name, 'openapi.yaml'),
  bundle: path.join(openapiDir, 'dist', `${api.name}.json`),
}));
