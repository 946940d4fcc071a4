// The reference as text for coding agents (src/llms.mjs), as the build writes it into docs/site: every link of
// llms.txt reaches a file of the site, every operation of both public APIs has its Markdown page (and is in
// llms-full.txt), each page's example request passes the sandbox's check against its document and its example
// answer is one the document gives, and a sandbox serves the files under /docs/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@pushapi/sandbox';
import { examplesOf, deref, parameterExamples } from '@pushapi/openapi/walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apis } from '../../scripts/apis.mjs';
import { listOperations } from '../src/document.mjs';
import { fieldLines } from '../src/llms.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'site');
const read = (file) => fs.readFileSync(path.join(siteDir, file), 'utf8');
const publicApis = apis
  .filter((api) => api.mock)
  .map((api) => ({ api, doc: JSON.parse(fs.readFileSync(api.bundle, 'utf8')) }));

/** The JSON of the fenced block under a `## heading` of a page. */
const blockUnder = (markdown, heading) => {
  const match = new RegExp(`^## ${heading}\\n\\n\`\`\`json\\n([\\s\\S]*?)\\n\`\`\`$`, 'm').exec(markdown);
  return match ? JSON.parse(match[1]) : undefined;
};

let sandbox;
beforeAll(async () => {
  if (!fs.existsSync(path.join(siteDir, 'llms.txt')))
    throw new Error('docs/site/llms.txt is missing: build the site first (npx -y pnpm@10.34.9 run build)');
  sandbox = await startSandbox({ docsDir: siteDir });
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('llms.txt and the Markdown pages', () => {
  it('links only to files of the built site', () => {
    const links = [...read('llms.txt').matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(31);
    for (const link of links) expect(fs.existsSync(path.join(siteDir, link.split('#')[0])), link).toBe(true);
  });

  it('names both APIs with their base URLs and authentication, and has a page per operation', () => {
    const index = read('llms.txt');
    const full = read('llms-full.txt');
    for (const { api, doc } of publicApis) {
      expect(index).toContain(`## ${api.title}`);
      expect(index).toContain(`Base URL \`${doc.servers[0].url}\``);
      for (const entry of listOperations(doc)) {
        const page = `${api.name}/${entry.operationId}.md`;
        expect(index, page).toContain(`](${page})`);
        const markdown = read(page);
        expect(markdown).toContain(`\`${entry.method.toUpperCase()} ${entry.path}\``);
        expect(markdown).toContain('## curl');
        expect(full).toContain(markdown.trimEnd());
      }
    }
    expect(index).toMatch(/Authentication: authtoken: /);
  });

  it("holds example requests that pass the sandbox's check, and example answers the documents give", async () => {
    let checked = 0;
    for (const { api, doc } of publicApis) {
      for (const entry of listOperations(doc)) {
        const markdown = read(`${api.name}/${entry.operationId}.md`);
        const body = blockUnder(markdown, 'Example request');
        if (entry.operation.requestBody) {
          expect(body, `${api.name} ${entry.operationId}: its example request`).toBeDefined();
          const params = parameterExamples(doc, entry);
          const request = {
            api: api.name,
            operationId: entry.operationId,
            path: stringValues(params.path),
            query: stringValues(params.query),
            body,
          };
          const answer = await fetch(`${sandbox.url}/control/check`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(request),
          });
          const { violations } = await answer.json();
          expect(violations, `${api.name} ${entry.operationId}`).toEqual([]);
          checked++;
        }
        const shown = blockUnder(markdown, 'Example answer');
        if (shown !== undefined) {
          const [, raw] = Object.entries(entry.operation.responses).find(([status]) => /^2/.test(status));
          const media = Object.entries(deref(doc, raw).content).find(([type]) => /json/.test(type))[1];
          expect(examplesOf(doc, media), `${api.name} ${entry.operationId}`).toContainEqual(shown);
        }
      }
    }
    expect(checked).toBe(18); // the operations with a request body: 17 of push v1, 1 of DMP
  });

  it('are served by the sandbox under /docs/', async () => {
    const index = await fetch(`${sandbox.url}/docs/llms.txt`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await index.text()).toBe(read('llms.txt'));
    const page = await fetch(`${sandbox.url}/docs/push-v1/pushSingle.md`);
    expect(page.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await page.text()).toContain('# Push a message to one client');
  });
});

function stringValues(values) {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
}

describe('field lists', () => {
  const doc = {
    components: {
      schemas: {
        Ids: { type: 'array', description: 'Ids.', items: { type: 'string' } },
        Body: {
          oneOf: [
            {
              title: 'taskIdList',
              type: 'object',
              required: ['taskIdList'],
              properties: { taskIdList: { $ref: '#/components/schemas/Ids' } },
            },
            {
              title: 'taskidlist',
              type: 'object',
              required: ['taskidlist'],
              properties: { taskidlist: { $ref: '#/components/schemas/Ids' } },
            },
          ],
        },
      },
    },
  };

  it('say a field of one shape of several is required in that shape only', () => {
    expect(fieldLines(doc, { $ref: '#/components/schemas/Body' })).toEqual([
      '- `taskIdList` (array of string, required in shape `taskIdList` of 2): Ids.',
      '- `taskidlist` (array of string, required in shape `taskidlist` of 2): Ids.',
    ]);
  });

  it('step into an array once per level of arrays', () => {
    const nested = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          description: 'Groups.',
          items: {
            type: 'array',
            items: { type: 'object', properties: { cid: { type: 'string', description: 'A cid.' } } },
          },
        },
        flat: {
          type: 'array',
          description: 'Items.',
          items: { type: 'object', properties: { cid: { type: 'string', description: 'A cid.' } } },
        },
      },
    };
    const lines = fieldLines({}, nested);
    expect(lines).toContain('- `list[][].cid` (string): A cid.');
    expect(lines).toContain('- `flat[].cid` (string): A cid.');
  });

  it('in the built pages, never as `[].[]` nor a oneOf as fields required side by side, and with tables kept', () => {
    const full = read('llms-full.txt');
    expect(full).not.toContain('[].[]');
    expect(read('push-v1/pushResult.md')).toContain('required in shape `taskIdList` of 2');
    expect(read('push-v1/pushResult.md')).not.toMatch(/`taskidlist` \(array of string, required\)/);
    // The result table stays a table, indented under its field.
    expect(read('push-v1/pushSingle.md')).toMatch(/^ {2}\| `ok` \| Success\. \|$/m);
  });
});
