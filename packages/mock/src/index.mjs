// @ts-check
// Programmatic API of the mock: start both Prism mocks (tests, scripts) and derive mock documents.
export { apis, defaultOutDir, prepareMockDocument, prismArgs, startMocks, startPrism } from './start-mocks.mjs';
export { DIALECT_2020_12, listOperations, serverBasePath, toMockDocument } from './mock-document.mjs';
