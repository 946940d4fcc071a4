// orval: a fetch client for each public bundle. The base URL is the document's server URL, its variables read
// at run time (PUSH_BASE_URL and PUSH_APP_ID make `{base_url}/v1/{appid}`; DMP_BASE_URL is `{dmp_url}`).
export default {
  'push-v1': {
    input: './push-v1.json',
    output: {
      target: './gen/push-v1/client.ts',
      client: 'fetch',
      mode: 'single',
      baseUrl: {
        getBaseUrlFromSpecification: true,
        variables: {
          base_url: { runtime: 'process.env.PUSH_BASE_URL' },
          appid: { runtime: 'process.env.PUSH_APP_ID' },
        },
      },
    },
  },
  dmp: {
    input: './dmp.json',
    output: {
      target: './gen/dmp/client.ts',
      client: 'fetch',
      mode: 'single',
      baseUrl: { getBaseUrlFromSpecification: true, variables: { dmp_url: { runtime: 'process.env.DMP_BASE_URL' } } },
    },
  },
};
