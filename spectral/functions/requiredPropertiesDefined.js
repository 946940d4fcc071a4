// Every name in `required` of a schema that lists `properties` is one of those properties
// (catches a misspelled required field). Schemas without `properties` (the `required`-only
// branches of `not`, `if`, `then`, `oneOf`) constrain their parent's properties and are skipped.
export default function requiredPropertiesDefined(schema) {
  if (schema === null || typeof schema !== 'object') return [];
  if (!Array.isArray(schema.required) || typeof schema.properties !== 'object') return [];
  return schema.required
    .filter((name) => !(name in schema.properties))
    .map((name) => ({ message: `Required property "${name}" is not defined in properties.` }));
}
