// The registry of APIs as an installed package sees it: dist/apis.json, which the bundle task writes from the
// `apis:` of the workspace's redocly.yaml, with the path of each bundle inside this package.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);

function load() {
  let list;
  try {
    list = JSON.parse(fs.readFileSync(new URL('apis.json', dist), 'utf8'));
  } catch (error) {
    throw new Error(
      `@pushapi/openapi: ${fileURLToPath(new URL('apis.json', dist))} is missing or unreadable; in the workspace, run ` +
        'the bundle task (`npx -y pnpm@10.34.9 run setup`, or `pnpm --filter @pushapi/openapi run bundle`).',
      { cause: error },
    );
  }
  return Object.freeze(
    list.map(({ name, title, mock = true, json, yaml }) =>
      Object.freeze({
        name,
        title,
        mock,
        json: fileURLToPath(new URL(json, dist)),
        yaml: fileURLToPath(new URL(yaml, dist)),
      }),
    ),
  );
}

export const apis = load();

export function apiNamed(name) {
  const api = apis.find((a) => a.name === name);
  if (!api) throw new Error(`@pushapi/openapi: unknown api "${name}"; known: ${apis.map((a) => a.name).join(', ')}`);
  return api;
}

export function loadDocument(name) {
  return JSON.parse(fs.readFileSync(apiNamed(name).json, 'utf8'));
}
