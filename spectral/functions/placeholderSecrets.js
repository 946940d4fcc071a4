// Example values of secret-bearing fields (tokens, secrets, auth codes) are obvious placeholders,
// never something that could be a real credential.
const secretField = /(token|secret|auth_code|password)/i;
const placeholder = /^(YOUR_[A-Z_]+|[A-Z_]*PLACEHOLDER[A-Z_]*)$/;

function walk(value, path, results) {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], results));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (secretField.test(key) && typeof v === 'string' && !placeholder.test(v)) {
        results.push({
          message: `Example field "${key}" must hold a placeholder such as YOUR_${key.toUpperCase()} or ${key.toUpperCase()}_PLACEHOLDER.`,
          path: [...path, key],
        });
      }
      walk(v, [...path, key], results);
    }
  }
}

export default function placeholderSecrets(example, _options, context) {
  const results = [];
  walk(example, context.path, results);
  return results;
}
