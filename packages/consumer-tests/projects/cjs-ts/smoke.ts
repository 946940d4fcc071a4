// A consumer's CommonJS TypeScript project ("type": "commonjs", as `npm init -y` writes it; module
// nodenext, strict, verbatimModuleSyntax, no DOM lib). The packages are ESM only: here they are loaded
// with `import x = require()`, which compiles to require(), and Node loads ES modules through require()
// (Node >= 20.19, and every Node >= 22). An ES `import` statement in this file would be TS1295.
import fs = require('node:fs');
import push = require('@pushapi/push-v1-client');
import dmp = require('@pushapi/dmp-client');
import pushDocument = require('@pushapi/openapi/push-v1.json');
import dmpDocument = require('@pushapi/openapi/dmp.json');
import openapiFixtures = require('@pushapi/openapi/fixtures');
import suite = require('./suite.mjs');

async function main(): Promise<void> {
  const pushYaml = fs.readFileSync(require.resolve('@pushapi/openapi/push-v1.yaml'), 'utf8');
  const { fixtures } = openapiFixtures;
  process.exitCode = await suite.consumerSmoke({
    push,
    dmp,
    pushDocument,
    dmpDocument,
    pushYaml,
    fixtures,
    env: process.env,
  });
}

void main();
