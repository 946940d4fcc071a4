// The registry of APIs, read from the `apis:` section of the root redocly.yaml: the one list every
// workspace script and the docs use. Installed packages (the mock) read the copy the bundle task writes
// to openapi/dist/apis.json instead, through @pushapi/openapi/apis.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const openapiDir = path.join(root, 'openapi');
export const distDir = path.join(openapiDir, 'dist');
export const registryFile = path.join(root, 'redocly.yaml');

/**
 * @typedef {object} Api
 * @property {string} name        the registry key, e.g. `push-v1`
 * @property {string} title       `x-title`, e.g. `Push v1`
 * @property {boolean} versionFromPackage  `x-version: package`: the bundle writes @pushapi/openapi's version into `info.version`
 * @property {boolean} mock       false when `x-mock: false`: the Prism mock leaves it out (the sandbox's control API)
 * @property {string} source      absolute path of the root document
 * @property {string} bundle      absolute path of the JSON bundle (`output`)
 * @property {string} bundleYaml  absolute path of the YAML bundle written beside it
 * @property {Record<string, string>} curlCredentials  `x-curl-credentials`
 * @property {{ package: string, factory: string, variable: string, options: string[], notes: Record<string, string>, fills: string[] } | undefined} client  `x-client`
 */

/** Parses and checks the registry; every problem names the entry and the key. */
export function readRegistry(file = registryFile) {
  const where = path.relative(root, file);
  const entries = parse(fs.readFileSync(file, 'utf8'))?.apis;
  if (!entries || typeof entries !== 'object') throw new Error(`${where}: no \`apis:\` section`);
  return Object.entries(entries).map(([name, entry]) => {
    const fail = (what) => {
      throw new Error(`${where}: apis.${name}: ${what}`);
    };
    if (!/^[a-z][a-z0-9-]*$/.test(name)) fail('the name must be lower case letters, digits and dashes');
    if (typeof entry?.root !== 'string') fail('`root` (the root document) is missing');
    if (entry.output !== `openapi/dist/${name}.json`) fail(`\`output\` must be openapi/dist/${name}.json`);
    if (typeof entry['x-title'] !== 'string' || !entry['x-title']) fail('`x-title` is missing');
    const client = entry['x-client'];
    if (client !== undefined) {
      for (const key of ['package', 'factory', 'variable'])
        if (typeof client[key] !== 'string') fail(`x-client.${key} is missing`);
      if (!Array.isArray(client.options)) fail('x-client.options must be a list of source lines');
    }
    const bundle = path.join(root, entry.output);
    return /** @type {Api} */ ({
      name,
      title: entry['x-title'],
      mock: entry['x-mock'] !== false,
      versionFromPackage: entry['x-version'] === 'package',
      source: path.join(root, entry.root),
      bundle,
      bundleYaml: bundle.replace(/\.json$/, '.yaml'),
      curlCredentials: entry['x-curl-credentials'] ?? {},
      client: client && { notes: {}, fills: [], ...client },
    });
  });
}

export const apis = readRegistry();

/** The entry of `name`, or an error listing the known names. */
export function apiNamed(name) {
  const api = apis.find((a) => a.name === name);
  if (!api)
    throw new Error(`unknown api "${name}"; the registry (redocly.yaml) has ${apis.map((a) => a.name).join(', ')}`);
  return api;
}
