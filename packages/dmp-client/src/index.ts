export { createDmpClient, DMP_ACCEPT } from './client.js';
export type { DmpClient, DmpClientOptions, DmpData, DmpInit } from './client.js';
export { ClientError, DmpApiError, HttpError, NetworkError, TimeoutError } from './errors.js';
export { dmpSigns, type DmpSigns } from './sign.js';
export { md5Hex } from './md5.js';
export { userTagsBody, type RawDeviceIds, type UserTagsBody, type UserTagsBodyOptions } from './device-ids.js';
export type { CallOptions, RetryOptions, StoredToken, TokenStore } from '@pushapi/client-core';
export type { paths, components, operations } from './generated/schema.js';
