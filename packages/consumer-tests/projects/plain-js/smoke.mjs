// @ts-check
// A consumer's plain JavaScript (no build step; an .mjs file in a project `npm init -y` made), run as it
// is with node. tsc checks it through jsconfig.json, as an editor would.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as push from '@pushapi/push-v1-client';
import * as dmp from '@pushapi/dmp-client';
import pushDocument from '@pushapi/openapi/push-v1.json' with { type: 'json' };
import dmpDocument from '@pushapi/openapi/dmp.json' with { type: 'json' };
import { fixtures } from '@pushapi/openapi/fixtures';
import { consumerSmoke } from './suite.mjs';

const pushYaml = readFileSync(fileURLToPath(import.meta.resolve('@pushapi/openapi/push-v1.yaml')), 'utf8');
process.exitCode = await consumerSmoke({ push, dmp, pushDocument, dmpDocument, pushYaml, fixtures, env: process.env });
