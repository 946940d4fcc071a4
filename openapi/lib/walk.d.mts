// Generated from the JSDoc of walk.mjs by scripts/walk-types.mjs: do not edit; edit walk.mjs and run it.
/**
 * The value at a local JSON pointer (`#/components/schemas/Result`), or undefined. Throws on a reference that is not local.
 * @param {Document} doc
 * @param {string} pointer
 * @returns {unknown}
 */
export function resolvePointer(doc: Document, pointer: string): unknown;
/**
 * Follows local `#/...` references until a node that is not a reference. Throws on a cycle or an unresolved reference.
 * @param {Document} doc
 * @param {unknown} start
 * @returns {any}
 */
export function deref(doc: Document, start: unknown): any;
/**
 * Walks `segments` from the document root, following references on the way, and returns where the walk ends
 * (as a JSON pointer to the node itself, past any reference) with its value; undefined when a segment is missing.
 * @param {Document} doc
 * @param {string[]} segments
 * @returns {{ pointer: string, value: any } | undefined}
 */
export function locate(doc: Document, segments: string[]): {
    pointer: string;
    value: any;
} | undefined;
/**
 * Every operation, in document order, with its parameters merged and dereferenced.
 * @param {Document} doc
 * @returns {OperationEntry[]}
 */
export function listOperations(doc: Document): OperationEntry[];
/**
 * `GET /user_status/{cid}`: how messages name an operation.
 * @param {Pick<OperationEntry, 'method' | 'path'>} entry
 * @returns {string}
 */
export function label(entry: Pick<OperationEntry, "method" | "path">): string;
/**
 * The first example of a parameter or media type: `example`, else the first of `examples` (Example Objects),
 * else the schema's first `examples` item or its `example`.
 * @param {Document} doc
 * @param {unknown} given
 * @returns {Example}
 */
export function exampleOf(doc: Document, given: unknown): Example;
/**
 * Every example value documented on a media type (a static mock answers one of them).
 * @param {Document} doc
 * @param {any} media
 * @returns {unknown[]}
 */
export function examplesOf(doc: Document, media: any): unknown[];
/**
 * The JSON request body media type and its first example; undefined without a body; throws without an example.
 * @param {Document} doc
 * @param {OperationEntry} entry
 * @returns {{ mediaType: string, value: unknown } | undefined}
 */
export function requestExample(doc: Document, entry: OperationEntry): {
    mediaType: string;
    value: unknown;
} | undefined;
/**
 * The example value of every path, query and header parameter, by location. A path parameter, or a required
 * one, without an example is an error; an optional one is left out.
 * @param {Document} doc
 * @param {OperationEntry} entry
 * @returns {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }}
 */
export function parameterExamples(doc: Document, entry: OperationEntry): {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    header: Record<string, unknown>;
};
/**
 * The path part of a server URL: `{base_url}/v1/{appid}` -> `/v1/{appid}`, `{dmp_url}` -> ``. A leading
 * variable or scheme://host is the origin a client replaces by its own.
 * @param {string} url
 * @returns {string}
 */
export function serverBasePath(url: string): string;
/**
 * A router over the document's operations: `(method, pathname)` -> the operation and its path parameters
 * (percent-decoded), or undefined. Paths are matched under `basePath` (default: the base path of the first
 * server, such as `/v1/{appid}`, whose variables become parameters too). Paths without variables win over
 * templated ones, as OpenAPI asks.
 * @param {Document} doc
 * @param {{ basePath?: string }} [options]
 * @returns {Router}
 */
export function createRouter(doc: Document, options?: {
    basePath?: string;
}): Router;
/** A bundled OpenAPI document, as parsed JSON. @typedef {Record<string, any>} Document */
/** @typedef {'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace'} HttpMethod */
/**
 * A Parameter Object, dereferenced.
 * @typedef {{ name: string, in: 'path' | 'query' | 'header' | 'cookie', required?: boolean, schema?: any, [key: string]: unknown }} Parameter
 */
/**
 * One operation of a document: `path` as the document writes it (`/user_status/{cid}`); `operation` the Operation
 * Object itself (not a copy); `parameters` path-level and operation-level, dereferenced, the operation's winning on
 * the same name and location; `pointer` the JSON pointer of the Operation Object.
 * @typedef {{ method: HttpMethod, path: string, operationId: string | undefined, operation: any, parameters: Parameter[], pointer: string }} OperationEntry
 */
/** @typedef {{ found: true, value: unknown } | { found: false }} Example */
/** An operation matched, with its path parameters (base path variables included), percent-decoded. @typedef {{ entry: OperationEntry, params: Record<string, string> }} RouteMatch */
/**
 * The operation of a request (undefined when none has this method and path), and `methods(pathname)`: the methods
 * (upper case) whose operations match, the `Allow` of a 405 answer; empty for a 404.
 * @typedef {{ (method: string, pathname: string): RouteMatch | undefined, methods(pathname: string): string[] }} Router
 */
/** @type {readonly HttpMethod[]} */
export const methods: readonly HttpMethod[];
/**
 * A bundled OpenAPI document, as parsed JSON.
 */
export type Document = Record<string, any>;
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
/**
 * A Parameter Object, dereferenced.
 */
export type Parameter = {
    name: string;
    in: "path" | "query" | "header" | "cookie";
    required?: boolean;
    schema?: any;
    [key: string]: unknown;
};
/**
 * One operation of a document: `path` as the document writes it (`/user_status/{cid}`); `operation` the Operation
 * Object itself (not a copy); `parameters` path-level and operation-level, dereferenced, the operation's winning on
 * the same name and location; `pointer` the JSON pointer of the Operation Object.
 */
export type OperationEntry = {
    method: HttpMethod;
    path: string;
    operationId: string | undefined;
    operation: any;
    parameters: Parameter[];
    pointer: string;
};
export type Example = {
    found: true;
    value: unknown;
} | {
    found: false;
};
/**
 * An operation matched, with its path parameters (base path variables included), percent-decoded.
 */
export type RouteMatch = {
    entry: OperationEntry;
    params: Record<string, string>;
};
/**
 * The operation of a request (undefined when none has this method and path), and `methods(pathname)`: the methods
 * (upper case) whose operations match, the `Allow` of a 405 answer; empty for a 404.
 */
export type Router = {
    (method: string, pathname: string): RouteMatch | undefined;
    methods(pathname: string): string[];
};
