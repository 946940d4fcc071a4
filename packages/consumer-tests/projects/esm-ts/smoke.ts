// A consumer's ESM TypeScript project ("type": "module", module nodenext, strict): the published
// packages imported as ES modules. Compiled with tsc, then run with node.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as push from '@pushapi/push-v1-client';
import * as dmp from '@pushapi/dmp-client';
import pushDocument from '@pushapi/openapi/push-v1.json' with { type: 'json' };
import dmpDocument from '@pushapi/openapi/dmp.json' with { type: 'json' };
import { fixtures } from '@pushapi/openapi/fixtures';
import { consumerSmoke } from './suite.mjs';

const pushYaml: string = readFileSync(fileURLToPath(import.meta.resolve('@pushapi/openapi/push-v1.yaml')), 'utf8');
process.exitCode = await consumerSmoke({ push, dmp, pushDocument, dmpDocument, pushYaml, fixtures, env: process.env });
