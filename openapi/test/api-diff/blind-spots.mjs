// Mutations for what api-diff once did not see (issue 47), each both ways where a way back exists: security schemes
// and requirements, servers and their variables, request defaults, response headers, parameter serialization,
// unevaluatedProperties, prefixItems, contains, keywords met through allOf parts and $ref siblings, request oneOf
// variants that overlap, and an operationId renamed.
const S = (doc) => doc.components.schemas;
const sendProps = (doc) => S(doc).SendRequest.allOf[1];
const send = (doc) => doc.paths['/send/{cid}'].post;
const status = (doc) => doc.paths['/status'].get;
const bearer = { type: 'http', scheme: 'bearer' };
const apiKey = { type: 'apiKey', in: 'header', name: 'authtoken' };
const withToken = (scheme) => (d) => {
  d.components.securitySchemes = { token: structuredClone(scheme) };
  d.security = [{ token: [] }];
};
const withServer = (url, variables) => (d) => {
  d.servers = [{ url, ...(variables && { variables }) }];
};
const withHeader = (header) => (d) => {
  send(d).responses['200'].headers = { 'X-Rate': header };
};
const ttlDefault = (value) => (d) => {
  S(d).Envelope.properties.ttl.default = value;
};
const withTuple = (d) => {
  sendProps(d).properties.pair = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] };
};
const both = ['send', 'status'];
const each = (where, cls) => both.map((op) => [op, where, cls]);

export const blindSpots = [
  {
    name: 'security scheme changed (http bearer -> apiKey header)',
    base: withToken(bearer),
    mutate: withToken(apiKey),
    expect: each('request.security.token', 'breaking'),
  },
  {
    name: 'security requirement dropped (anonymous calls allowed)',
    base: withToken(bearer),
    mutate: (d) => {
      withToken(bearer)(d);
      d.security = [];
    },
    expect: each('request.security', 'non-breaking'),
  },
  {
    name: 'security alternative added beside the old one',
    base: withToken(bearer),
    mutate: (d) => {
      withToken(bearer)(d);
      d.components.securitySchemes.key = apiKey;
      d.security = [{ token: [] }, { key: [] }];
    },
    expect: each('request.security', 'non-breaking'),
  },
  {
    name: 'server URL moved ({dmp_url} -> {dmp_url}/v2)',
    base: withServer('{dmp_url}', { dmp_url: { default: 'https://dmp.example' } }),
    mutate: withServer('{dmp_url}/v2', { dmp_url: { default: 'https://dmp.example' } }),
    expect: each('request.server', 'breaking'),
  },
  {
    name: 'server added beside the old one',
    base: withServer('https://a.example'),
    mutate: (d) => {
      d.servers = [{ url: 'https://a.example' }, { url: 'https://b.example' }];
    },
    expect: each('request.server', 'non-breaking'),
  },
  {
    name: 'server variable values narrowed, and widened back',
    base: withServer('https://{region}.example', { region: { default: 'eu', enum: ['eu', 'us'] } }),
    mutate: withServer('https://{region}.example', { region: { default: 'eu', enum: ['eu'] } }),
    expect: each('request.server.region', 'breaking'),
  },
  {
    name: 'server variable values widened',
    base: withServer('https://{region}.example', { region: { default: 'eu', enum: ['eu'] } }),
    mutate: withServer('https://{region}.example', { region: { default: 'eu', enum: ['eu', 'us'] } }),
    expect: [],
  },
  {
    name: 'server variable default changed: to review',
    base: withServer('https://{region}.example', { region: { default: 'eu' } }),
    mutate: withServer('https://{region}.example', { region: { default: 'us' } }),
    expect: each('request.server.region', 'review'),
  },
  {
    name: 'request default changed (true -> false): to review',
    base: ttlDefault(3600),
    mutate: ttlDefault(60),
    expect: [['send', 'request.body.ttl', 'review']],
  },
  {
    name: 'request default added: to review',
    mutate: ttlDefault(60),
    expect: [['send', 'request.body.ttl', 'review']],
  },
  {
    name: 'query parameter default changed: to review',
    base: (d) => {
      send(d).parameters[0].schema.default = false;
    },
    mutate: (d) => {
      send(d).parameters[0].schema.default = true;
    },
    expect: [['send', 'request.query.dry', 'review']],
  },
  {
    name: 'answer default changed: does not count',
    base: (d) => {
      S(d).SendResponse.properties.count.default = 0;
    },
    mutate: (d) => {
      S(d).SendResponse.properties.count.default = 1;
    },
    expect: [],
  },
  {
    name: 'response header type changed',
    base: withHeader({ required: true, schema: { type: 'integer' } }),
    mutate: withHeader({ required: true, schema: { type: 'string' } }),
    expect: [['send', 'response.200.header.X-Rate', 'breaking']],
  },
  {
    name: 'response header type narrowed (number -> integer)',
    base: withHeader({ required: true, schema: { type: 'number' } }),
    mutate: withHeader({ required: true, schema: { type: 'integer' } }),
    expect: [['send', 'response.200.header.X-Rate', 'non-breaking']],
  },
  {
    name: 'required response header removed',
    base: withHeader({ required: true, schema: { type: 'integer' } }),
    mutate: () => {},
    expect: [['send', 'response.200.header.X-Rate', 'breaking']],
  },
  {
    name: 'optional response header removed',
    base: withHeader({ schema: { type: 'integer' } }),
    mutate: () => {},
    expect: [['send', 'response.200.header.X-Rate', 'non-breaking']],
  },
  {
    name: 'response header made optional',
    base: withHeader({ required: true, schema: { type: 'integer' } }),
    mutate: withHeader({ required: false, schema: { type: 'integer' } }),
    expect: [['send', 'response.200.header.X-Rate', 'breaking']],
  },
  {
    name: 'response header made required, and added',
    base: withHeader({ schema: { type: 'integer' } }),
    mutate: (d) => {
      withHeader({ required: true, schema: { type: 'integer' } })(d);
      send(d).responses['200'].headers['X-New'] = { schema: { type: 'string' } };
    },
    expect: [['send', 'response.200.header.X-New', 'non-breaking']],
  },
  {
    name: 'query parameter style changed (form -> pipeDelimited)',
    mutate: (d) => {
      send(d).parameters[0].style = 'pipeDelimited';
    },
    expect: [['send', 'request.query.dry', 'breaking']],
  },
  {
    name: 'query parameter explode written out as its default: no change',
    mutate: (d) => {
      send(d).parameters[0].explode = true;
      send(d).parameters[0].style = 'form';
    },
    expect: [],
  },
  {
    name: 'query parameter explode turned off',
    mutate: (d) => {
      send(d).parameters[0].explode = false;
    },
    expect: [['send', 'request.query.dry', 'breaking']],
  },
  {
    name: 'query parameter moved from schema to content (JSON)',
    mutate: (d) => {
      const p = send(d).parameters[0];
      p.content = { 'application/json': { schema: p.schema } };
      delete p.schema;
    },
    expect: [['send', 'request.query.dry', 'breaking']],
  },
  {
    name: 'request closed with unevaluatedProperties: false',
    mutate: (d) => {
      S(d).SendRequest.unevaluatedProperties = false;
    },
    expect: [['send', 'request.body', 'breaking']],
  },
  {
    name: 'request opened again (unevaluatedProperties removed)',
    base: (d) => {
      S(d).SendRequest.unevaluatedProperties = false;
    },
    mutate: () => {},
    expect: [['send', 'request.body', 'non-breaking']],
  },
  {
    name: 'answer closed with unevaluatedProperties: false',
    mutate: (d) => {
      S(d).SendResponse.unevaluatedProperties = false;
    },
    expect: [['send', 'response.200.body', 'non-breaking']],
  },
  {
    name: 'request tuple position narrowed (prefixItems)',
    base: withTuple,
    mutate: (d) => {
      withTuple(d);
      sendProps(d).properties.pair.prefixItems[1].maximum = 10;
    },
    expect: [['send', 'request.body.pair[1]', 'breaking']],
  },
  {
    name: 'request tuple position widened (prefixItems)',
    base: (d) => {
      withTuple(d);
      sendProps(d).properties.pair.prefixItems[1].maximum = 10;
    },
    mutate: withTuple,
    expect: [['send', 'request.body.pair[1]', 'non-breaking']],
  },
  {
    name: 'request contains added, then minContains raised',
    mutate: (d) => {
      Object.assign(sendProps(d).properties.tags, { contains: { const: 'all' }, minContains: 2 });
    },
    expect: [
      ['send', 'request.body.tags', 'breaking'],
      ['send', 'request.body.tags', 'breaking'],
    ],
  },
  {
    name: 'request contains removed',
    base: (d) => {
      sendProps(d).properties.tags.contains = { const: 'all' };
    },
    mutate: () => {},
    expect: [['send', 'request.body.tags', 'non-breaking']],
  },
  {
    name: 'narrower pattern added through an allOf part',
    mutate: (d) => {
      sendProps(d).properties.requestid = { allOf: [sendProps(d).properties.requestid, { pattern: '^[0-9]+$' }] };
    },
    expect: [['send', 'request.body.requestid', 'breaking']],
  },
  {
    name: 'pattern of an allOf part removed',
    base: (d) => {
      sendProps(d).properties.requestid = { allOf: [sendProps(d).properties.requestid, { pattern: '^[0-9]+$' }] };
    },
    mutate: () => {},
    expect: [['send', 'request.body.requestid', 'non-breaking']],
  },
  {
    name: 'tighter maxLength beside a $ref (sibling keyword)',
    mutate: (d) => {
      send(d).parameters.push({ name: 'of', in: 'query', schema: { $ref: '#/components/schemas/Cid', maxLength: 32 } });
    },
    expect: [['send', 'request.query.of', 'non-breaking']],
  },
  {
    name: 'tighter maxLength added beside a $ref to an existing field',
    base: (d) => {
      sendProps(d).properties.cid = { $ref: '#/components/schemas/Cid' };
    },
    mutate: (d) => {
      sendProps(d).properties.cid = { $ref: '#/components/schemas/Cid', maxLength: 32 };
    },
    expect: [['send', 'request.body.cid', 'breaking']],
  },
  {
    name: 'looser maxLength beside a $ref: the tighter one still holds',
    base: (d) => {
      sendProps(d).properties.cid = { $ref: '#/components/schemas/Cid' };
    },
    mutate: (d) => {
      sendProps(d).properties.cid = { $ref: '#/components/schemas/Cid', maxLength: 128 };
    },
    expect: [],
  },
  {
    name: 'request oneOf: a bare integer beside const variants',
    base: (d) => {
      sendProps(d).properties.mode = {
        oneOf: [
          { title: 'zero', const: 0 },
          { title: 'one', const: 1 },
        ],
      };
    },
    mutate: (d) => {
      sendProps(d).properties.mode = {
        oneOf: [
          { title: 'zero', const: 0 },
          { title: 'one', const: 1 },
          { title: 'any', type: 'integer' },
        ],
      };
    },
    expect: [['send', 'request.body.mode<any>', 'breaking']],
  },
  {
    name: 'request oneOf: a string beside integer const variants does not overlap',
    base: (d) => {
      sendProps(d).properties.mode = { oneOf: [{ title: 'zero', type: 'integer', const: 0 }] };
    },
    mutate: (d) => {
      sendProps(d).properties.mode = {
        oneOf: [
          { title: 'zero', type: 'integer', const: 0 },
          { title: 'name', type: 'string' },
        ],
      };
    },
    expect: [['send', 'request.body.mode<name>', 'non-breaking']],
  },
  {
    name: 'operationId renamed (same method and path)',
    mutate: (d) => {
      status(d).operationId = 'getStatus';
    },
    expect: [['getStatus', 'operation', 'breaking']],
  },
];
