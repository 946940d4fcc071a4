/** One API of the registry (the `apis:` of the workspace's redocly.yaml), in registry order. */
export interface Api {
  /** The registry key, such as `push-v1`. */
  readonly name: string;
  /** A short title, such as `Push v1`. */
  readonly title: string;
  /** false for an API the Prism mock leaves out (`x-mock: false`: the sandbox's control API). */
  readonly mock: boolean;
  /** Absolute path of the JSON bundle inside the installed package. */
  readonly json: string;
  /** Absolute path of the YAML bundle (the same document). */
  readonly yaml: string;
}

/** Every API, in registry order. Reading it throws a clear error when the bundles were never built. */
export const apis: readonly Api[];

/** The API called `name`; throws, listing the known names, when there is none. */
export function apiNamed(name: string): Api;

/** The bundled OpenAPI document of `name`, parsed. */
export function loadDocument(name: string): Record<string, any>;
