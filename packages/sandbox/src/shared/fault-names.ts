// The name by which a fault picks its operation, one name per operation: push v1 names an operation as its path
// does (`push_single`), DMP without the leading slash (`tags/user`); where one path has several methods, each
// name adds its method (`user_blk_list (POST)`, `user_blk_list (DELETE)`). The sandbox and the console's fault
// form both name operations with this module, so the form offers exactly the names the sandbox accepts.
import { must } from './must.js';

export interface NamedOperation {
  api: string;
  method: string;
  /** The path as the document writes it, such as `/query_cid/{alias}`. */
  path: string;
}

/** The name users know (push v1 `query_cid`, DMP `tags/user`), shared by the methods of one path. */
export function pathName(api: string, path: string): string {
  return api === 'push-v1' ? must(path.split('/')[1], `push v1 path ${path} starts with /`) : path.replace(/^\//, '');
}

/** The fault name of each operation, in order: its path's name, with ` (METHOD)` where that name is shared. */
export function faultNames(operations: readonly NamedOperation[]): string[] {
  const key = (op: NamedOperation) => `${op.api} ${pathName(op.api, op.path)}`;
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const op of operations) {
    if (seen.has(key(op))) shared.add(key(op));
    seen.add(key(op));
  }
  return operations.map((op) => {
    const name = pathName(op.api, op.path);
    return shared.has(key(op)) ? `${name} (${op.method.toUpperCase()})` : name;
  });
}
