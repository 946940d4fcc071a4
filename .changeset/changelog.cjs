// The changelog lines `changeset version` writes: the changeset's text as it is, without the commit hash the
// default writer puts at the start of each entry (a reader wants the change, not the commit), and without the block
// of finding ids api-diff leaves for the change gate.
const FINDINGS = /\n*<!-- api-diff findings[\s\S]*?-->\n*/g;

async function getReleaseLine(changeset) {
  const [first, ...rest] = changeset.summary.replace(FINDINGS, '\n').trim().split('\n');
  return [`- ${first}`, ...rest.map((line) => (line ? `  ${line}` : ''))].join('\n');
}

async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (!dependenciesUpdated.length) return '';
  const names = dependenciesUpdated.map((d) => `${d.name}@${d.newVersion}`).join(', ');
  return `- Dependencies updated: ${names}`;
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
