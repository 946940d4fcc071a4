// Per-API facts the code samples need beyond the document: which client package and factory to
// import, how to construct it, what a call resolves with, and notes for operations the client
// performs by itself. Everything else (paths, methods, bodies, parameters, security) is read from
// the document. The TypeScript samples are type-checked against the clients by docs/test.

export const sampleConfig = {
  'push-v1': {
    clientPackage: '@pushapi/push-v1-client',
    factory: 'createPushClient',
    clientName: 'push',
    // Options passed to the factory, as TypeScript source lines (see the client's README).
    factoryOptions: [
      'baseUrl: process.env.BASE_URL!, // without /v1/<appid>',
      'appId: process.env.APPID!,',
      'appKey: process.env.APPKEY!,',
      'masterSecret: process.env.MASTER_SECRET!,',
    ],
    // Shell variables standing for credentials in curl, by security scheme name (bearer schemes
    // default to ACCESS_TOKEN).
    credentialVariables: { authtoken: 'AUTH_TOKEN' },
    // Operations the client calls by itself, by operationId: a comment above the explicit call.
    notes: {
      authSign:
        'The client signs in by itself (auth_sign) before its first call and renews the token;\n// an explicit call is only needed to test credentials.',
      authClose: 'push.close() calls auth_close for the token the client holds and forgets it.',
    },
  },
  dmp: {
    clientPackage: '@pushapi/dmp-client',
    factory: 'createDmpClient',
    clientName: 'dmp',
    factoryOptions: ['baseUrl: process.env.DMP_URL!,', 'userCode: process.env.USER_CODE!,', 'authCode: process.env.AUTH_CODE!,'],
    credentialVariables: {},
    // Operations the client's typed methods leave out: the samples call them through `client.api`,
    // the plain openapi-fetch client, which resolves with `{ data, response }`.
    throughApi: ['getAccessToken'],
    notes: {
      getAccessToken:
        'The client gets the access token by itself (sign1/sign2 from userCode and authCode)\n// and renews it; an explicit call is only needed to test credentials.',
    },
  },
};
