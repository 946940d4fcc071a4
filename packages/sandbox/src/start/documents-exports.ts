// `@pushapi/sandbox/documents` (Node): what a tool built on the sandbox needs to read requests as the sandbox
// reads them: the documents it serves (which registry document each interface answers, loaded as the sandbox loads
// them), Ajv's vocabulary of those documents (OpenAPI's formats, `x-max-bytes`), and the reference site built in
// this workspace, when the sandbox runs from it (undefined in an installed copy).
export { SERVED, documentOf, loadDocuments, type ApiName } from './documents.js';
export { withDocumentVocabulary } from '../validation/schemas.js';
export { workspaceDocsDir } from '../http/docs-site.js';
