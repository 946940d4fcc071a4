// A document whose info carries `x-deprecated: true` (the API is no longer maintained) marks every
// operation `deprecated: true`, so that generated clients and reference pages show it too.
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export default function deprecatedApiOperations(document) {
  if (document?.info?.['x-deprecated'] !== true) return [];
  const results = [];
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      if (item?.[method] && item[method].deprecated !== true) {
        results.push({
          message: `${method.toUpperCase()} ${route} is not marked deprecated although the API is.`,
          path: ['paths', route, method],
        });
      }
    }
  }
  return results;
}
