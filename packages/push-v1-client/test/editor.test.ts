// What a user sees in an editor: hovering a call shows the operation's summary, a wrong body is reported on the
// wrong field and names it, and style fields read as plain types.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snippet } from '@pushapi/client-core/testing/language';

const where = {
  dir: fileURLToPath(new URL('.', import.meta.url)),
  tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
};
const header = `import { createPushClient, type components } from '../src/index.js';
const push = createPushClient({ baseUrl: 'https://push.example.test', appId: 'A', appKey: 'K', masterSecret: 'S' });
const style = { type: 0, text: 'Hello', title: 'Title', logo: 'icon.png' } as const;
export {};
`;

// The language service builds the whole program for each snippet: seconds, more on a busy machine.
describe('in an editor', { timeout: 600_000 }, () => {
  it('hovering a call shows the summary and description of its operation', () => {
    const s = snippet(
      where,
      `${header}
await push.POST('/push_single', { body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1' } });
await push.GET('/user_status/{cid}', { params: { path: { cid: 'CID_1' } } });
`,
    );
    expect(s.diagnostics()).toEqual([]);
    const post = s.hover("POST('/push_single'");
    expect(post?.documentation).toMatch(/^Push a message to one client\n\nSends one message to one client/);
    expect(post?.signature).toContain(
      '(path: "/push_single", init: Init<"/push_single", "post">) => Promise<Data<"/push_single", "post">>',
    );
    expect(s.hover("GET('/user_status")?.documentation).toMatch(/^Get the status of a client\n/);
  });

  it('an editor strikes every call through (deprecated) and names the replacement', () => {
    const s = snippet(
      where,
      `${header}
await push.POST('/push_single', { body: { message: { msgtype: 'notification' }, notification: { style }, cid: 'CID_1' } });
await push.GET('/query_bi_tags');
await push.DELETE('/stop_task/{taskid}', { params: { path: { taskid: 'RASA_0101_00' } } });
`,
    );
    expect(s.diagnostics()).toEqual([]);
    expect(s.deprecated()).toEqual(['POST', 'GET', 'DELETE']);
    expect(s.hover("POST('/push_single'")?.tags).toEqual([
      '@deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).',
    ]);
  });

  it('every generated call signature carries @deprecated with the replacement', () => {
    const calls = fs.readFileSync(new URL('../src/generated/calls.ts', import.meta.url), 'utf8');
    // Each signature ends its JSDoc block: the block just before it must hold the tag.
    const signatures = [...calls.matchAll(/\*\/\n\s*(<P extends [^\n]+?>>)?\(path: [^\n]+/g)];
    expect(signatures.length).toBe(28 + 3);
    for (const match of signatures) {
      const block = calls.slice(calls.lastIndexOf('/**', match.index), match.index);
      expect(block, match[0]).toContain(
        '@deprecated The service marks this operation deprecated; use the V2 REST interface instead',
      );
    }
  });

  it('a wrong body is reported on the wrong field, which the error names, in a few lines', () => {
    const s = snippet(
      where,
      `${header}
await push.POST('/push_single', { body: { message: { msgtype: 'notification', is_offline: 'yes' }, notification: { style }, cid: 'CID_1' } });
await push.POST('/bind_alias', { body: { alias_list: [{ cid: 'CID_1', alias: 3 }] } });
`,
    );
    const [first, second, ...rest] = s.diagnostics();
    expect(rest).toEqual([]);
    expect(first?.at).toBe('is_offline');
    expect(first?.message).toMatch(/Type 'string' is not assignable to type 'boolean( \| undefined)?'\.$/);
    expect(first?.message.split('\n').length).toBeLessThanOrEqual(4);
    expect(first?.related[0]).toMatch(/^The expected type comes from property 'is_offline'/);
    expect(second?.at).toBe('alias');
    expect(second?.related[0]).toMatch(/^The expected type comes from property 'alias'/);
  });

  it('style fields are plain types, and a hover on one reads boolean with its description', () => {
    const s = snippet(
      where,
      `${header}
const system: components['schemas']['StyleSystem'] = { ...style, is_ring: false };
system.is_ring;
`,
    );
    expect(s.diagnostics()).toEqual([]);
    const hover = s.hover('system.is_ring', 'system.'.length + 1);
    expect(hover?.signature).toBe('(property) is_ring?: boolean | undefined');
    expect(hover?.tags).toEqual(['@description Ring on receipt.', '@default true', '@example true']);
  });
});
