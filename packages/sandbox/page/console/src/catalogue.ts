// The catalogue the page build writes (console/catalogue.mjs): push v1 and DMP operations with their parameters and
// named request examples, read from the public documents.
export interface CatalogueParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  /** The schema's type: the typed client call writes the value as one. */
  type: 'string' | 'integer' | 'number' | 'boolean';
  example?: string;
}

export interface CatalogueExample {
  name: string;
  summary: string;
  value: unknown;
}

export interface CatalogueOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** Needs a token: push v1 `authtoken`, DMP `Authorization: Bearer`. The sign-in operations do not. */
  secured: boolean;
  /** The versioned media type the service asks callers to accept (DMP). */
  accept?: string;
  parameters: CatalogueParameter[];
  body?: { mediaType: string; required: boolean; examples: CatalogueExample[] };
}

export type ApiName = 'push-v1' | 'dmp';

export interface CatalogueApi {
  name: ApiName;
  title: string;
  /** Where the sandbox serves it, `{appid}` for push v1's. */
  mount: string;
  operations: CatalogueOperation[];
}

export async function loadCatalogue(): Promise<CatalogueApi[]> {
  const response = await fetch('/console/catalogue.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`the console's catalogue did not load (HTTP ${response.status})`);
  return (await response.json()) as CatalogueApi[];
}

/** The console's address of an operation: `#push-v1/pushSingle`, as the reference links to it. */
export const operationHash = (api: ApiName, operationId: string) => `#${api}/${operationId}`;

export function readOperationHash(hash: string): { api: ApiName; operationId: string } | undefined {
  const match = /^#(push-v1|dmp)\/([A-Za-z0-9_]+)$/.exec(hash);
  return match ? { api: match[1] as ApiName, operationId: match[2]! } : undefined;
}
