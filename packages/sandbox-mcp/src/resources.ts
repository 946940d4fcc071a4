// The MCP server's resources: the three bundled documents (push v1, DMP, the sandbox's control API), always; and the
// reference site's text for agents (llms.txt, llms-full.txt, the guides as Markdown) when a built site is at hand
// (the workspace's docs/site, or --docs). The operations' pages are what lookup_operation answers.
import fs from 'node:fs';
import path from 'node:path';
import { apis } from '@pushapi/openapi/apis';

export interface Resource {
  uri: string;
  name: string;
  title: string;
  mimeType: string;
  read(): string;
}

function documentResources(): Resource[] {
  return apis.map((api) => ({
    uri: `pushapi://openapi/${api.name}.json`,
    name: `openapi-${api.name}`,
    title: `${api.title}: the bundled OpenAPI 3.1 document`,
    mimeType: 'application/json',
    read: () => fs.readFileSync(api.json, 'utf8'),
  }));
}

/** The site's files for agents at its root: llms.txt, llms-full.txt, and the guides as Markdown (<name>.md). */
function siteResources(siteDir: string | undefined): Resource[] {
  if (!siteDir || !fs.existsSync(siteDir)) return [];
  const files = ['llms.txt', 'llms-full.txt'].filter((f) => fs.existsSync(path.join(siteDir, f)));
  files.push(
    ...fs
      .readdirSync(siteDir)
      .filter((f) => f.endsWith('.md'))
      .sort(),
  );
  return files.map((file) => {
    const full = path.join(siteDir, file);
    const title = file.endsWith('.md')
      ? (/^#\s+(.+)$/m.exec(fs.readFileSync(full, 'utf8'))?.[1]?.trim() ?? file)
      : file;
    return {
      uri: `pushapi://docs/${file}`,
      name: `docs-${file.replace(/[/.]/g, '-')}`,
      title,
      mimeType: file.endsWith('.md') ? 'text/markdown' : 'text/plain',
      read: () => fs.readFileSync(full, 'utf8'),
    };
  });
}

export const listResources = (siteDir: string | undefined): Resource[] => [
  ...documentResources(),
  ...siteResources(siteDir),
];
