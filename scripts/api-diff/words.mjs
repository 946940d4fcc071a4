// A finding in plain words for a consumer's changelog: "the answer no longer has `expires_in`", not
// `response.200.body[application/vnd.dmp.v1+json].expires_in: field removed`.

/** The part of `where` that names a body's media type: folded away, the same change in every type is one item. */
export const withoutMediaType = (where) => where.replace(/\[[a-z]+\/[^\]]*\]/g, '');

/** Where a finding is, as { side, status, field } (field: `a.b[]`, '' for the body or the operation itself). */
export function place(where) {
  const w = withoutMediaType(where);
  let m = /^request\.(path|query|header|cookie)\.(.+)$/.exec(w);
  if (m) return { side: 'request', param: m[1], field: m[2] };
  m = /^request\.body(.*)$/.exec(w);
  if (m) return { side: 'request', field: m[1].replace(/^\./, '') };
  m = /^response\.([^.]+)(?:\.body(.*)|\.headers?\.(.+))?$/.exec(w);
  if (m) return { side: 'response', status: m[1], field: (m[2] ?? '').replace(/^\./, ''), header: m[3] };
  return { side: 'operation', field: w.replace(/^request\./, '') };
}

const code = (text) => `\`${text}\``;

/** Sentences for the kinds readers meet most; any other kind reads "<where>: <change>". */
const PHRASES = {
  'response-property-removed': (p) => `the answer${status(p)} no longer has ${code(p.field)}`,
  'response-property-became-optional': (p) => `the answer${status(p)} may leave out ${code(p.field)}`,
  'request-property-removed': (p) => `the request no longer takes ${code(p.field)}`,
  'request-required-property-added': (p) => `the request must now include ${code(p.field)}`,
  'request-property-became-required': (p) => `the request must now include ${code(p.field)}`,
  'request-parameter-removed': (p) => `the ${p.param} parameter ${code(p.field)} is no longer taken`,
  'request-required-parameter-added': (p) => `the ${p.param} parameter ${code(p.field)} is now required`,
  'request-parameter-became-required': (p) => `the ${p.param} parameter ${code(p.field)} is now required`,
  'response-status-added': (p) => `a new answer, status ${p.status}, can come back`,
};
const status = (p) => (p.status && p.status !== '200' ? ` (status ${p.status})` : '');

/** Where a finding is, for a reader. */
export function placeWords(p) {
  if (p.side === 'operation') return p.field === 'operation' || !p.field ? 'the operation' : p.field;
  if (p.param) return `the ${p.param} parameter ${code(p.field)}`;
  if (p.header) return `the answer's header ${code(p.header)}`;
  const whole = p.side === 'request' ? 'the request body' : `the answer${status(p)}`;
  return p.field ? `${code(p.field)} in ${whole}` : whole;
}

/** One finding as a sentence (without the api and operation, which the changelog item names first). */
export function plainWords(change) {
  const p = place(change.where);
  const phrase = PHRASES[change.check];
  return phrase ? phrase(p) : `${placeWords(p)}: ${change.change}`;
}
