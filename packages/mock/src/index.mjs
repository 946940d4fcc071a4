// @ts-check
// Programmatic API of the mock: start the Prism mocks of every API (tests, scripts) and derive mock documents.
export {
  apis,
  defaultOutDir,
  FIRST_PORT,
  prepareMockDocument,
  prismArgs,
  READY_TIMEOUT_MS,
  startMocks,
  startPrism,
} from './start-mocks.mjs';
export { DIALECT_2020_12, toMockDocument } from './mock-document.mjs';
export { listOperations, serverBasePath } from '@pushapi/openapi/walk';
