// A schema with `const` also lists that one value as `enum: [value]`. Some client generators
// (openapi-typescript-codegen, openapi-zod-client) ignore `const` and type the field as a plain string
// or number, so a union told apart by it no longer narrows; they read a one-value `enum` as a literal.
// For a validator the two keywords say the same thing.
export default function constHasEnum(schema) {
  if (schema === null || typeof schema !== 'object' || schema.const === undefined) return [];
  const expected = JSON.stringify(schema.const);
  if (!Array.isArray(schema.enum))
    return [{ message: `\`const: ${expected}\` has no \`enum: [${expected}]\` beside it.` }];
  if (schema.enum.length !== 1 || JSON.stringify(schema.enum[0]) !== expected) {
    return [
      {
        message: `\`enum\` beside \`const: ${expected}\` must be exactly [${expected}], not ${JSON.stringify(schema.enum)}.`,
      },
    ];
  }
  return [];
}
