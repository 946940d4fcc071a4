// Per-API facts the code samples need beyond the document: which client package and factory to
// import, how to construct it, and the shell variable names curl uses for placeholders.
// Everything else (paths, methods, bodies, parameters, security) is read from the document.

export const sampleConfig = {
  'push-v1': {
    clientPackage: '@pushapi/push-v1-client',
    factory: 'createPushClient',
    // Options passed to the factory, as TypeScript source lines.
    factoryOptions: [
      'baseUrl: process.env.BASE_URL!,',
      'appid: process.env.APPID!,',
      'appkey: process.env.APPKEY!,',
      'masterSecret: process.env.MASTER_SECRET!,',
    ],
    // Shell variables standing for credentials, by security scheme name (bearer schemes
    // default to ACCESS_TOKEN).
    credentialVariables: { authtoken: 'AUTH_TOKEN' },
  },
  dmp: {
    clientPackage: '@pushapi/dmp-client',
    factory: 'createDmpClient',
    factoryOptions: [
      'baseUrl: process.env.DMP_URL!,',
      'userCode: process.env.USER_CODE!,',
      'authCode: process.env.AUTH_CODE!,',
    ],
    credentialVariables: {},
  },
};
