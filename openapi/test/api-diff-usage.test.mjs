// api-diff --usage (scripts/api-diff/usage.mjs): which recorded apps each kind of change hits, with the calls that
// meet it, and that an app whose ledger does not meet a change is not hit.
import { describe, expect, it } from 'vitest';
import { hitsOf, hitsText } from '../../scripts/api-diff/usage.mjs';

const op = (fields, extra = {}) => ({
  api: 'push-v1',
  operationId: 'pushSingle',
  name: 'push_single',
  calls: 10,
  request: fields.filter((f) => f.where.startsWith('request')),
  response: fields.filter((f) => f.where.startsWith('response')),
  outcomes: [{ status: 200, result: 'ok', calls: 10 }],
  ...extra,
});
const web = {
  appid: 'ci-web-7',
  team: 'ci-web-',
  operations: [
    op([
      {
        where: 'request.body.message.msgtype',
        calls: 10,
        values: [
          { value: 'notification', calls: 7 },
          { value: 'link', calls: 3 },
        ],
      },
      { where: 'request.body.cid', calls: 4 },
      { where: 'response.200.body.taskid', calls: 9 },
      { where: 'response.200.body.status', calls: 9 },
    ]),
  ],
};
const api = {
  appid: 'ci-api-1',
  team: 'ci-api-',
  operations: [op([{ where: 'request.body.alias', calls: 2 }], { calls: 2 })],
};
const other = { appid: 'ci-api-2', team: 'ci-api-', operations: [{ ...op([]), operationId: 'pushApp', calls: 5 }] };
const ledgers = [web, api, other];
const change = (check, where, text = 'x') => ({
  api: 'push-v1',
  operationId: 'pushSingle',
  check,
  where,
  change: text,
});
const hits = (c) => hitsOf(c, ledgers).map(({ appid, calls }) => [appid, calls]);

describe('hits', () => {
  it('a removed operation and a new required field hit every app that called it, and no other', () => {
    expect(hits(change('operation-removed', 'operation'))).toEqual([
      ['ci-web-7', 10],
      ['ci-api-1', 2],
    ]);
    expect(hits(change('request-required-property-added', 'request.body.channel'))).toEqual([
      ['ci-web-7', 10],
      ['ci-api-1', 2],
    ]);
    expect(hits(change('request-required-parameter-added', 'request.query.x'))).toEqual([
      ['ci-web-7', 10],
      ['ci-api-1', 2],
    ]);
  });

  it('a removed or narrowed request field hits the apps that sent it (through a oneOf variant label)', () => {
    expect(hits(change('request-property-removed', 'request.body<cid>.cid'))).toEqual([['ci-web-7', 4]]);
    expect(hits(change('request-max-length-narrowed', 'request.body.alias'))).toEqual([['ci-api-1', 2]]);
    expect(hits(change('request-property-removed', 'request.body.push_info'))).toEqual([]);
  });

  it('a removed request value hits only the apps that sent that value', () => {
    expect(hits(change('request-value-removed', 'request.body.message.msgtype', 'value "link" removed'))).toEqual([
      ['ci-web-7', 3],
    ]);
    expect(
      hits(change('request-value-removed', 'request.body.message.msgtype', 'value "transmission" removed')),
    ).toEqual([]);
  });

  it('an answer field removed or given a new value hits the apps that received it', () => {
    expect(hits(change('response-property-removed', 'response.200.body<failure>.taskid'))).toEqual([['ci-web-7', 9]]);
    expect(hits(change('response-value-added', 'response.200.body<ok>.status', 'value "x" added'))).toEqual([
      ['ci-web-7', 9],
    ]);
    expect(hits(change('response-property-removed', 'response.200.body.desc'))).toEqual([]);
  });

  it('a changed request default hits the calls that left the field out', () => {
    expect(hits(change('request-default-changed', 'request.body.cid'))).toEqual([
      ['ci-web-7', 6],
      ['ci-api-1', 2],
    ]);
  });

  it('says it in words', () => {
    expect(hitsText(hitsOf(change('operation-removed', 'operation'), ledgers))).toBe(
      'hits 2 apps of 2 teams: ci-web-7 (10 calls), ci-api-1 (2 calls)',
    );
    expect(hitsText([])).toBe('hits no recorded app');
    expect(hitsText([{ appid: 'a', calls: 1, team: null }])).toBe('hits 1 app of no team: a (1 call)');
  });
});

describe('the hits line in the changeset text and the text form (render.mjs, one hitsText)', () => {
  const removed = {
    ...change('response-property-removed', 'response.200.body.taskid', 'field removed'),
    id: 'response-property-removed@push-v1:pushSingle:response.200.body.taskid#00000001',
    class: 'breaking',
  };
  const added = {
    ...change('request-property-added', 'request.body.extra', 'optional field added'),
    id: 'request-property-added@push-v1:pushSingle:request.body.extra#00000002',
    class: 'non-breaking',
  };

  it('with a usage file, each breaking item carries its hits; without one, no hits line', async () => {
    const { renderMarkdown, renderText } = await import('../../scripts/api-diff/render.mjs');
    const { withHits } = await import('../../scripts/api-diff/usage.mjs');
    const markdown = renderMarkdown(withHits([removed, added], ledgers));
    expect(markdown).toContain('  Recorded use (api-diff --usage): hits 1 app of 1 team: ci-web-7 (9 calls).');
    expect(markdown.match(/Recorded use/g)).toHaveLength(1); // the non-breaking change hits no app: not told
    expect(renderMarkdown(withHits([removed], [api]))).toContain(
      'Recorded use (api-diff --usage): hits no recorded app.',
    );
    expect(renderMarkdown([removed, added])).not.toContain('hits');
    expect(renderText(withHits([removed], ledgers))).toContain('hits 1 app of 1 team: ci-web-7 (9 calls)');
    expect(renderText([removed])).not.toContain('hits');
  });
});

describe('api-diff --head: two document versions (a past change alone: --base X~1 --head X)', () => {
  const run = async (...args) => {
    const { spawnSync } = await import('node:child_process');
    const cli = new URL('../../scripts/api-diff/cli.mjs', import.meta.url).pathname;
    return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  };
  it('needs --base, refuses --changeset, and names a head that is no commit (exit 2)', async () => {
    const alone = await run('--head', 'HEAD');
    expect([alone.status, alone.stderr]).toEqual([2, expect.stringContaining('--head needs --base')]);
    const write = await run('--base', 'HEAD~1', '--head', 'HEAD', '--changeset', 'x');
    expect([write.status, write.stderr]).toEqual([2, expect.stringContaining('leave out --head')]);
    const bad = await run('--base', 'HEAD', '--head', 'no-such-ref-0000');
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('--head no-such-ref-0000: not a commit')]);
  });
});
