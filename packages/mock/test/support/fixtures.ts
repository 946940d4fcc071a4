// The request fixtures of openapi/fixtures (plain JavaScript), with the shape the lead's index documents.
import * as loaded from '@pushapi/openapi/fixtures';

export interface Fixture {
  api: 'push-v1' | 'dmp';
  operationId: string;
  kind: 'valid' | 'invalid';
  name: string;
  /** The rule of the description an invalid fixture breaks. */
  rule?: string;
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
}

export const fixtures = (loaded as unknown as { fixtures: Fixture[] }).fixtures;
