// Types of walk.mjs: reading helpers over a bundled OpenAPI 3.1 document (plain JSON, every $ref local).

/** A bundled OpenAPI document, as parsed JSON. */
export type Document = Record<string, any>;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** A Parameter Object, dereferenced. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: any;
  [key: string]: unknown;
}

/** One operation of a document. */
export interface OperationEntry {
  method: HttpMethod;
  /** The path template as the document writes it, such as `/user_status/{cid}`. */
  path: string;
  operationId: string | undefined;
  /** The Operation Object itself (not a copy). */
  operation: any;
  /** Path-level and operation-level parameters, dereferenced; the operation's win on the same name and location. */
  parameters: Parameter[];
  /** JSON pointer of the Operation Object, such as `#/paths/~1user_status~1{cid}/get`. */
  pointer: string;
}

export type Example = { found: true; value: unknown } | { found: false };

export const methods: readonly HttpMethod[];

/** The value at a local JSON pointer, or undefined. Throws on a reference that is not local. */
export function resolvePointer(doc: Document, pointer: string): unknown;

/** Follows local references until a node that is not one. Throws on a cycle or an unresolved reference. */
export function deref(doc: Document, node: unknown): any;

/** Walks `segments` from the root, following references; where it ends (pointer past any reference) and the value. */
export function locate(doc: Document, segments: string[]): { pointer: string; value: any } | undefined;

/** Every operation, in document order. */
export function listOperations(doc: Document): OperationEntry[];

/** `GET /user_status/{cid}`. */
export function label(entry: Pick<OperationEntry, 'method' | 'path'>): string;

/** The first example of a parameter or media type (`example`, `examples`, or the schema's). */
export function exampleOf(doc: Document, holder: unknown): Example;

/** Every example value documented on a media type. */
export function examplesOf(doc: Document, media: unknown): unknown[];

/** The JSON request body's media type and first example; undefined without a body; throws without an example. */
export function requestExample(doc: Document, entry: OperationEntry): { mediaType: string; value: unknown } | undefined;

/** The example of every path, query and header parameter; throws for a path or required parameter without one. */
export function parameterExamples(
  doc: Document,
  entry: OperationEntry,
): { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };

/** The path part of a server URL: `{base_url}/v1/{appid}` -> `/v1/{appid}`. */
export function serverBasePath(url: string): string;

export interface RouteMatch {
  entry: OperationEntry;
  /** Path parameters, base path variables included, percent-decoded. */
  params: Record<string, string>;
}

export interface Router {
  /** The operation of a request, or undefined when no operation has this method and path. */
  (method: string, pathname: string): RouteMatch | undefined;
  /** The methods (upper case) whose operations match `pathname`: the `Allow` of a 405 answer; empty for a 404. */
  methods(pathname: string): string[];
}

/**
 * Routes requests to the document's operations under `basePath` (default: the base path of the first server,
 * such as `/v1/{appid}`). Paths without variables win over templated ones.
 */
export function createRouter(doc: Document, options?: { basePath?: string }): Router;
