// The name by which a fault picks its operation, one name per operation: push v1 names an operation as its path
// does (`push_single`), DMP without the leading slash (`tags/user`); where one path has several methods, each
// name adds its method (`user_blk_list (POST)`, `user_blk_list (DELETE)`). The sandbox and the console's fault
// form both name operations with this module, so the form offers exactly the names the sandbox accepts.

export interface NamedOperation {
  api: string;
  method: string;
  /** The path as the document writes it, such as `/query_cid/{alias}`. */
  path: string;
}

/** The name users know (push v1 `query_cid`, DMP `tags/user`), shared by the methods of one path. */
export function pathName(api: string, path: string): string {
  return api === 'push-v1' ? path.split('/')[1]! : path.replace(/^\//, '');
}

/** The fault name of each operation, in order: its path's name, with ` (METHOD)` where that name is shared. */
export function faultNames(operations: readonly NamedOperation[]): string[] {
  const key = (op: NamedOperation) => `${op.api} ${pathName(op.api, op.path)}`;
  const uses = new Map<string, number>();
  for (const op of operations) uses.set(key(op), (uses.get(key(op)) ?? 0) + 1);
  return operations.map((op) => {
    const name = pathName(op.api, op.path);
    return uses.get(key(op))! > 1 ? `${name} (${op.method.toUpperCase()})` : name;
  });
}
