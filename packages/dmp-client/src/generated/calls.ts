// Generated from openapi/dmp (bundle: openapi/dist/dmp.json).
// Do not edit: run `pnpm run generate` in this package.

import type { Args, Data, Init, Path } from '../call-types.js';

/** The GET operations: `client.GET(path, init)` resolves with the answer's JSON, or throws a typed error. */
export interface GetCalls {
  /**
   * Get an access token
   *
   * Issues an access token to a registered third party. The caller has a `user_code` and an
   * `auth_code` and computes, with the same `timestamp` it sends:
   */
  (path: '/accesser/auth', init: Init<'/accesser/auth', 'get'>): Promise<Data<'/accesser/auth', 'get'>>;
  /**
   * List the queryable tags
   *
   * Returns every queryable tag with its name. The list changes rarely; clients should refresh it
   * periodically. Send header `Accept: application/vnd.dmp.v1+json` to name the interface version
   * (recommended).
   */
  (path: '/config/tags', init?: Init<'/config/tags', 'get'>): Promise<Data<'/config/tags', 'get'>>;
  /** Any GET operation of the document. */
  <P extends Path<'get'>>(path: P, ...init: Args<P, 'get'>): Promise<Data<P, 'get'>>;
}

/** The POST operations: `client.POST(path, init)` resolves with the answer's JSON, or throws a typed error. */
export interface PostCalls {
  /**
   * Get the tags of a device
   *
   * Returns the tag ids of a device, given hashed or raw device identifiers. The call is a query;
   * it uses POST because of the number of parameters. Send header
   * `Accept: application/vnd.dmp.v1+json` to name the interface version (recommended).
   */
  (path: '/tags/user', init: Init<'/tags/user', 'post'>): Promise<Data<'/tags/user', 'post'>>;
  /** Any POST operation of the document. */
  <P extends Path<'post'>>(path: P, ...init: Args<P, 'post'>): Promise<Data<P, 'post'>>;
}
