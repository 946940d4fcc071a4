// The guides (docs/guides/*.md) hold their generated parts between markers, so that the Markdown reads complete
// where it is read (a repository browser, an editor) and the site shows the very same text:
//
//   <!-- example: testing/world.yaml -->       a file of docs/examples, as a fenced code block,
//   ...                                        on lines of their own
//   <!-- /example -->
//   <!-- generated: push-v1.operationTable --> a fragment computed from the documents or the worked examples
//   ...
//   <!-- /generated -->
//   <!-- value: push-v1.operationCount -->28<!-- /value -->   the same, inside a line
//
// fillRegions rewrites what stands between the markers (`node src/guides-sync.mjs`); stripMarkers removes the
// markers before the site renders a guide.
import fs from 'node:fs';
import path from 'node:path';

const blockRegion = /^<!-- (example|generated): (\S+) -->\n([\s\S]*?)^<!-- \/\1 -->$/gm;
const inlineRegion = /<!-- value: (\S+) -->(.*?)<!-- \/value -->/g;

/** The fence language of an example file, by its extension. */
const fenceLanguage = {
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.json': 'json',
  '.ts': 'ts',
  '.mts': 'ts',
  '.mjs': 'js',
  '.js': 'js',
  '.sh': 'sh',
};

/** An example file of docs/examples as a fenced code block, exactly as the file is (trailing newlines aside). */
export function exampleBlock(examplesDir, name) {
  const file = path.join(examplesDir, ...name.split('/'));
  if (!fs.existsSync(file)) throw new Error(`no example file docs/examples/${name}`);
  const text = fs.readFileSync(file, 'utf8').trimEnd();
  if (/^```/m.test(text))
    throw new Error(`docs/examples/${name} has a line starting with \`\`\`, which would end its code block`);
  return `\`\`\`${fenceLanguage[path.extname(file)] ?? 'text'}\n${text}\n\`\`\``;
}

/**
 * The guide with every region rewritten from `values` (fragment name -> Markdown) and the example files.
 * @param {string} markdown
 * @param {{ values: Record<string, string>, examplesDir: string, source: string }} context
 */
export function fillRegions(markdown, { values, examplesDir, source }) {
  const valueOf = (name) => {
    if (!(name in values)) throw new Error(`${source}: unknown generated fragment "${name}"`);
    return values[name];
  };
  return markdown
    .replace(blockRegion, (_, kind, name) => {
      const content = kind === 'example' ? exampleBlock(examplesDir, name) : valueOf(name);
      return `<!-- ${kind}: ${name} -->\n${content}\n<!-- /${kind} -->`;
    })
    .replace(inlineRegion, (_, name) => `<!-- value: ${name} -->${valueOf(name)}<!-- /value -->`);
}

/** The guide as the site renders it: the markers gone (their lines too), the content left as it is. */
export function stripMarkers(markdown) {
  return markdown
    .replace(/^<!-- \/?(example|generated)(: \S+)? -->\n/gm, '')
    .replace(/<!-- value: \S+ -->(.*?)<!-- \/value -->/g, '$1');
}
