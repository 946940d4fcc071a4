// Prints a JSON value as a TypeScript object literal: identifier keys unquoted, strings in
// single quotes, two-space indentation. Used for the body and params of the TypeScript samples.

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function quote(text) {
  // JSON.stringify gives correct escapes; switch the outer quotes to single ones.
  const inner = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${inner}'`;
}

const key = (k) => (identifier.test(k) ? k : quote(k));

// Single-line form, used when it is short enough to read at a glance.
function inline(value) {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' ? quote(value) : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length ? `{ ${entries.map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')} }` : '{}';
}

export function tsLiteral(value, indent = '') {
  const short = inline(value);
  if (value === null || typeof value !== 'object' || short.length + indent.length <= 60) return short;
  const next = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => `${next}${tsLiteral(v, next)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  const lines = entries.map(([k, v]) => `${next}${key(k)}: ${tsLiteral(v, next)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}
