// Undocumented: fields of an answer that the schema does not name, and `result` (or other) values outside its
// `x-known-values`. The schemas are open, so these are not violations; each finding names the place in
// openapi/ where the documents would learn it.
import { documents, responseSchema, sourceOf, type Operation } from '../documents.js';
import type { Finding } from '../report/types.js';
import { isObject, type ServiceAnswer } from './answer.js';

type Node = Record<string, unknown>;
interface Located {
  pointer: string;
  node: Node;
}

/** Follows `$ref`s, keeping the pointer of the node reached. */
function follow(api: Operation['api'], pointer: string): Located {
  const doc = documents().docs[api];
  let at = pointer;
  for (let i = 0; i < 32; i++) {
    const node = at
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, p) => (n as Node | undefined)?.[p.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (isObject(node) && typeof node.$ref === 'string') at = node.$ref;
    else return { pointer: at, node: isObject(node) ? node : {} };
  }
  throw new Error(`reference chain too long at ${pointer}`);
}

/** The schemas an object value is read against: the node and, through allOf/oneOf/anyOf, its branches. */
function branches(api: Operation['api'], at: Located): Located[] {
  const out = [at];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = at.node[key];
    if (Array.isArray(list))
      list.forEach((_, i) => out.push(...branches(api, follow(api, `${at.pointer}/${key}/${i}`))));
  }
  return out;
}

/** The const a property's schema fixes (`result: ok` of an ok shape), if any. */
function constOf(api: Operation['api'], branch: Located, key: string): unknown {
  const props = branch.node.properties;
  if (!isObject(props) || !Object.hasOwn(props, key)) return undefined;
  const child = follow(api, `${branch.pointer}/properties/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  return branches(api, child)
    .map((b) => b.node.const)
    .find((c) => c !== undefined);
}

/** The object shapes a value fits: of a oneOf told apart by a const (`result`), the one whose const it carries. */
function fitting(api: Operation['api'], shapes: Located[], value: Record<string, unknown>): Located[] {
  const fits = shapes.filter((b) =>
    Object.keys(value).every((key) => {
      const fixed = constOf(api, b, key);
      return fixed === undefined || fixed === value[key];
    }),
  );
  return fits.length ? fits : shapes;
}

function walk(api: Operation['api'], at: Located, value: unknown, where: string, out: Finding[]): void {
  const all = branches(api, at);
  const known = all.map((b) => b.node['x-known-values']).find(Array.isArray) as unknown[] | undefined;
  if (known && typeof value === 'string' && !known.includes(value)) {
    const holder = all.find((b) => Array.isArray(b.node['x-known-values']))!;
    out.push({
      kind: 'unknown-value',
      where,
      expected: `one of x-known-values (${known.length} values)`,
      actual: JSON.stringify(value),
      message: `${where}: ${JSON.stringify(value)} is not among the known values`,
      documentAt: {
        ...sourceOf(api, holder.pointer),
        pointer: `${sourceOf(api, holder.pointer).pointer}/x-known-values`,
      },
    });
  }
  if (Array.isArray(value)) {
    const items = all.find((b) => b.node.items !== undefined);
    if (items) value.forEach((v, i) => walk(api, follow(api, `${items.pointer}/items`), v, `${where}.${i}`, out));
    return;
  }
  if (!isObject(value)) return;
  const shapes = all.filter((b) => isObject(b.node.properties) || b.node.additionalProperties !== undefined);
  if (shapes.length === 0) return;
  const objectSchemas = fitting(api, shapes, value);
  for (const [key, child] of Object.entries(value)) {
    const declaring = objectSchemas.find((b) => isObject(b.node.properties) && Object.hasOwn(b.node.properties, key));
    if (declaring) {
      walk(
        api,
        follow(api, `${declaring.pointer}/properties/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
        child,
        `${where}.${key}`,
        out,
      );
      continue;
    }
    const map = objectSchemas.find((b) => isObject(b.node.additionalProperties));
    if (map) {
      walk(api, follow(api, `${map.pointer}/additionalProperties`), child, `${where}.${key}`, out);
      continue;
    }
    const home = objectSchemas.find((b) => isObject(b.node.properties)) ?? objectSchemas[0]!;
    const place = sourceOf(api, home.pointer);
    out.push({
      kind: 'undocumented-field',
      where: `${where}.${key}`,
      expected: 'a field the document names',
      actual: `${typeof child} ${JSON.stringify(child)?.slice(0, 60)}`,
      message: `${where}.${key} is not in the document`,
      documentAt: { file: place.file, pointer: `${place.pointer}/properties`.replace('#//', '#/') },
    });
  }
}

/** Findings of kind `undocumented-field` and `unknown-value` for an answer that has a declared schema. */
export function checkUndocumented(op: Operation, answer: ServiceAnswer, step: string): Finding[] {
  const pointer = answer.body === undefined ? undefined : responseSchema(op, answer.status, answer.contentType);
  if (!pointer) return [];
  const out: Finding[] = [];
  walk(op.api, follow(op.api, pointer), answer.body, 'response.body', out);
  return out.map((f) => ({ ...f, step }));
}
