// The api-diff corpus: mutations of test/api-diff/base.json, each with every change the diff must report
// ([operationId, where, class]); an empty list means the mutation must not count. `base` (optional) mutates the
// document before the comparison, for the opposite direction of a rule.
const S = (doc) => doc.components.schemas;
const sendProps = (doc) => S(doc).SendRequest.allOf[1];
const big = (doc) => S(doc).Style.oneOf[1];

import { blindSpots } from './blind-spots.mjs';

export const corpus = [
  // Requests: what old code sends must stay valid.
  {
    name: 'new required request field',
    mutate: (d) => {
      sendProps(d).properties.channel = { type: 'string' };
      sendProps(d).required.push('channel');
    },
    expect: [['send', 'request.body.channel', 'breaking']],
  },
  {
    name: 'new optional request field',
    mutate: (d) => {
      sendProps(d).properties.channel = { type: 'string' };
    },
    expect: [['send', 'request.body.channel', 'non-breaking']],
  },
  {
    name: 'optional request field made required',
    mutate: (d) => {
      sendProps(d).required.push('title');
    },
    expect: [['send', 'request.body.title', 'breaking']],
  },
  {
    name: 'required request field made optional',
    mutate: (d) => {
      sendProps(d).required = [];
    },
    expect: [['send', 'request.body.requestid', 'non-breaking']],
  },
  {
    name: 'request field removed',
    mutate: (d) => {
      delete sendProps(d).properties.tags;
    },
    expect: [['send', 'request.body.tags', 'breaking']],
  },
  {
    name: 'request type widened',
    mutate: (d) => {
      sendProps(d).properties.requestid.type = ['string', 'integer'];
    },
    expect: [['send', 'request.body.requestid', 'non-breaking']],
  },
  {
    name: 'request type narrowed',
    base: (d) => {
      sendProps(d).properties.requestid.type = ['string', 'integer'];
    },
    mutate: () => {},
    expect: [['send', 'request.body.requestid', 'breaking']],
  },
  {
    name: 'request enum narrowed',
    mutate: (d) => {
      big(d).properties.big_style.enum = ['1'];
    },
    expect: [['send', 'request.body.style<big>.big_style', 'breaking']],
  },
  {
    name: 'request enum widened',
    mutate: (d) => {
      big(d).properties.big_style.enum.push('3');
    },
    expect: [['send', 'request.body.style<big>.big_style', 'non-breaking']],
  },
  {
    name: 'request const changed',
    mutate: (d) => {
      S(d).Envelope.properties.msgtype.const = 'link';
    },
    expect: [
      ['send', 'request.body.msgtype', 'breaking'],
      ['send', 'request.body.msgtype', 'non-breaking'],
    ],
  },
  {
    name: 'request pattern replaced by another (a path parameter): to review',
    mutate: (d) => {
      S(d).Cid.pattern = '^[0-9a-f]{32}$';
    },
    expect: [['send', 'request.path.cid', 'review']],
  },
  {
    name: 'request pattern removed',
    mutate: (d) => {
      delete S(d).Cid.pattern;
    },
    expect: [['send', 'request.path.cid', 'non-breaking']],
  },
  {
    name: 'request maxLength lowered',
    mutate: (d) => {
      sendProps(d).properties.requestid.maxLength = 20;
    },
    expect: [['send', 'request.body.requestid', 'breaking']],
  },
  {
    name: 'request maxLength raised',
    mutate: (d) => {
      sendProps(d).properties.requestid.maxLength = 64;
    },
    expect: [['send', 'request.body.requestid', 'non-breaking']],
  },
  {
    name: 'request maximum lowered',
    mutate: (d) => {
      S(d).Envelope.properties.ttl.maximum = 3600;
    },
    expect: [['send', 'request.body.ttl', 'breaking']],
  },
  {
    name: 'request minimum removed',
    mutate: (d) => {
      delete S(d).Envelope.properties.ttl.minimum;
    },
    expect: [['send', 'request.body.ttl', 'non-breaking']],
  },
  {
    name: 'request maxItems lowered',
    mutate: (d) => {
      sendProps(d).properties.tags.maxItems = 5;
    },
    expect: [['send', 'request.body.tags', 'breaking']],
  },
  {
    name: 'request oneOf variant removed',
    mutate: (d) => {
      S(d).Style.oneOf.pop();
    },
    expect: [['send', 'request.body.style<big>', 'breaking']],
  },
  {
    name: 'request oneOf variant added, told apart by its const',
    mutate: (d) => {
      S(d).Style.oneOf.push({
        title: 'banner',
        type: 'object',
        required: ['type'],
        properties: { type: { const: 9 }, banner_url: { type: 'string' } },
      });
    },
    expect: [['send', 'request.body.style<banner>', 'non-breaking']],
  },
  {
    name: 'request oneOf variant added that older values also match',
    mutate: (d) => {
      S(d).Style.oneOf.push({ title: 'banner', type: 'object', properties: { banner_url: { type: 'string' } } });
    },
    expect: [['send', 'request.body.style<banner>', 'breaking']],
  },
  {
    name: 'request if-then rule changed',
    mutate: (d) => {
      big(d).then.required = ['big_text', 'text'];
    },
    expect: [['send', 'request.body.style<big>', 'breaking']],
  },
  {
    name: 'request if-then rule removed',
    mutate: (d) => {
      delete big(d).if;
      delete big(d).then;
    },
    expect: [
      ['send', 'request.body.style<big>', 'non-breaking'],
      ['send', 'request.body.style<big>', 'non-breaking'],
    ],
  },
  {
    name: 'required query parameter added',
    mutate: (d) => {
      d.paths['/send/{cid}'].post.parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      });
    },
    expect: [['send', 'request.query.region', 'breaking']],
  },
  {
    name: 'optional query parameter added',
    mutate: (d) => {
      d.paths['/send/{cid}'].post.parameters.push({ name: 'region', in: 'query', schema: { type: 'string' } });
    },
    expect: [['send', 'request.query.region', 'non-breaking']],
  },
  {
    name: 'query parameter removed',
    mutate: (d) => {
      d.paths['/send/{cid}'].post.parameters = [];
    },
    expect: [['send', 'request.query.dry', 'breaking']],
  },
  {
    name: 'operation removed',
    mutate: (d) => {
      delete d.paths['/status'];
    },
    expect: [['status', 'operation', 'breaking']],
  },
  {
    name: 'operation added',
    mutate: (d) => {
      d.paths['/health'] = { get: { operationId: 'health', responses: { 200: { description: 'ok' } } } };
    },
    expect: [['health', 'operation', 'non-breaking']],
  },
  {
    name: 'query parameter made required',
    mutate: (d) => {
      d.paths['/send/{cid}'].post.parameters[0].required = true;
    },
    expect: [['send', 'request.query.dry', 'breaking']],
  },
  {
    name: 'request body made required',
    base: (d) => {
      d.paths['/send/{cid}'].post.requestBody.required = false;
    },
    mutate: () => {},
    expect: [['send', 'request.body', 'breaking']],
  },
  {
    name: 'request format added',
    mutate: (d) => {
      sendProps(d).properties.requestid.format = 'uuid';
    },
    expect: [['send', 'request.body.requestid', 'breaking']],
  },
  {
    name: 'request closed to unknown fields',
    mutate: (d) => {
      S(d).Envelope.additionalProperties = false;
    },
    expect: [['send', 'request.body', 'breaking']],
  },
  {
    name: 'security requirement added',
    mutate: (d) => {
      d.paths['/status'].get.security = [{ token: [] }];
    },
    expect: [['status', 'request.security', 'breaking']],
  },
  {
    name: 'operation deprecated',
    mutate: (d) => {
      d.paths['/status'].get.deprecated = true;
    },
    expect: [['status', 'operation', 'non-breaking']],
  },
  {
    name: 'operation moved to another path',
    mutate: (d) => {
      d.paths['/state'] = d.paths['/status'];
      delete d.paths['/status'];
    },
    expect: [['status', 'operation', 'breaking']],
  },

  // Answers: what old code reads must stay readable.
  {
    name: 'answer field removed',
    mutate: (d) => {
      delete S(d).SendResponse.properties.count;
    },
    expect: [['send', 'response.200.body.count', 'breaking']],
  },
  {
    name: 'answer field renamed',
    mutate: (d) => {
      const p = S(d).SendResponse;
      p.properties.task_id = p.properties.taskid;
      delete p.properties.taskid;
      p.required = ['result', 'task_id'];
    },
    expect: [
      ['send', 'response.200.body.taskid', 'breaking'],
      ['send', 'response.200.body.task_id', 'non-breaking'],
    ],
  },
  {
    name: 'answer type changed',
    mutate: (d) => {
      S(d).SendResponse.properties.count.type = 'string';
    },
    expect: [['send', 'response.200.body.count', 'breaking']],
  },
  {
    name: 'answer type widened (integer to number)',
    mutate: (d) => {
      S(d).SendResponse.properties.count.type = 'number';
    },
    expect: [['send', 'response.200.body.count', 'breaking']],
  },
  {
    name: 'answer type narrowed (number to integer)',
    base: (d) => {
      S(d).SendResponse.properties.count.type = 'number';
    },
    mutate: () => {},
    expect: [['send', 'response.200.body.count', 'non-breaking']],
  },
  {
    name: 'answer field made optional',
    mutate: (d) => {
      S(d).SendResponse.required = ['result'];
    },
    expect: [['send', 'response.200.body.taskid', 'breaking']],
  },
  {
    name: 'answer field made required',
    mutate: (d) => {
      S(d).SendResponse.required.push('status');
    },
    expect: [['send', 'response.200.body.status', 'non-breaking']],
  },
  {
    name: 'answer enum value added',
    mutate: (d) => {
      S(d).Result.enum.push('too_frequent');
    },
    expect: [['send', 'response.200.body.result', 'breaking-for-exhaustive-clients']],
  },
  {
    name: 'answer enum value removed',
    mutate: (d) => {
      S(d).Result.enum = ['ok'];
    },
    expect: [['send', 'response.200.body.result', 'non-breaking']],
  },
  {
    name: 'answer enum opened (list removed)',
    mutate: (d) => {
      delete S(d).SendResponse.properties.status.enum;
    },
    expect: [['send', 'response.200.body.status', 'breaking-for-exhaustive-clients']],
  },
  {
    name: 'answer oneOf variant added',
    mutate: (d) => {
      S(d).StatusResponse.properties.state.oneOf.push({ title: 'draining', type: 'object' });
    },
    expect: [['status', 'response.200.body.state<draining>', 'breaking-for-exhaustive-clients']],
  },
  {
    name: 'answer oneOf variant removed',
    mutate: (d) => {
      S(d).StatusResponse.properties.state.oneOf.pop();
    },
    expect: [['status', 'response.200.body.state<down>', 'non-breaking']],
  },
  {
    name: 'answer pattern removed',
    base: (d) => {
      S(d).SendResponse.properties.taskid.pattern = '^RASS';
    },
    mutate: () => {},
    expect: [['send', 'response.200.body.taskid', 'breaking']],
  },
  {
    name: 'answer maxLength lowered',
    base: (d) => {
      S(d).SendResponse.properties.taskid.maxLength = 64;
    },
    mutate: (d) => {
      S(d).SendResponse.properties.taskid.maxLength = 32;
    },
    expect: [['send', 'response.200.body.taskid', 'non-breaking']],
  },
  {
    name: 'answer split into an ok and a failure shape',
    mutate: (d) => {
      const old = S(d).SendResponse;
      S(d).SendResponse = {
        oneOf: [
          { ...structuredClone(old), title: 'ok', required: ['result', 'taskid', 'count'] },
          { title: 'failure', type: 'object', required: ['result'], properties: { result: old.properties.result } },
        ],
      };
    },
    expect: [
      ['send', 'response.200.body', 'non-breaking'],
      ['send', 'response.200.body<ok>.count', 'non-breaking'],
      ['send', 'response.200.body<failure>.taskid', 'breaking'],
      ['send', 'response.200.body<failure>.status', 'breaking'],
      ['send', 'response.200.body<failure>.count', 'breaking'],
    ],
  },
  {
    name: 'request split into shapes, one of them as before',
    mutate: (d) => {
      const old = S(d).Envelope;
      S(d).Envelope = {
        oneOf: [
          { ...structuredClone(old), title: 'any ttl' },
          { ...structuredClone(old), title: 'short', required: ['msgtype', 'ttl'] },
        ],
      };
    },
    expect: [['send', 'request.body', 'non-breaking']],
  },
  {
    name: 'request shapes merged into a stricter one',
    mutate: (d) => {
      big(d).required.push('big_text');
      S(d).Style = big(d);
    },
    expect: [
      ['send', 'request.body.style', 'non-breaking'],
      ['send', 'request.body.style<plain>.type', 'breaking'],
      ['send', 'request.body.style<plain>.type', 'non-breaking'],
      ['send', 'request.body.style<plain>.big_style', 'breaking'],
      ['send', 'request.body.style<plain>.big_text', 'breaking'],
      ['send', 'request.body.style<plain>', 'breaking'],
      ['send', 'request.body.style<plain>', 'breaking'],
      ['send', 'request.body.style<big>.big_text', 'breaking'],
    ],
  },
  {
    name: 'new optional answer field',
    mutate: (d) => {
      S(d).SendResponse.properties.desc = { type: 'string' };
    },
    expect: [['send', 'response.200.body.desc', 'non-breaking']],
  },
  {
    name: 'new answer status',
    mutate: (d) => {
      d.paths['/status'].get.responses['503'] = { description: 'Down.' };
    },
    expect: [['status', 'response.503', 'breaking-for-exhaustive-clients']],
  },

  ...blindSpots,

  // Changes that must not count.
  {
    name: 'descriptions and summaries',
    mutate: (d) => {
      S(d).Cid.description = 'Another text.';
      d.paths['/send/{cid}'].post.summary = 'Other';
      sendProps(d).properties.title.description = 'x';
    },
    expect: [],
  },
  {
    name: 'examples',
    mutate: (d) => {
      d.paths['/send/{cid}'].post.responses['200'].content['application/json'].examples.ok.value = {
        result: 'no_user',
      };
      S(d).Cid.examples = ['abc'];
    },
    expect: [],
  },
  {
    name: 'x- extensions',
    mutate: (d) => {
      sendProps(d).properties.title['x-max-bytes'] = 40;
      S(d).Result['x-known-values'] = ['too_frequent'];
    },
    expect: [],
  },
  {
    name: 'an enum of the same value beside a const',
    mutate: (d) => {
      S(d).Envelope.properties.msgtype.enum = ['notification'];
    },
    expect: [],
  },
  {
    name: 'a $ref inlined',
    mutate: (d) => {
      S(d).SendResponse.properties.result = { ...S(d).Result, description: 'inlined' };
    },
    expect: [],
  },
  {
    name: 'allOf parts reordered',
    mutate: (d) => {
      S(d).SendRequest.allOf.reverse();
    },
    expect: [],
  },
];
