// Reading a value an invariant guarantees, saying which invariant: instead of a non-null assertion (a postfix `!`),
// which says nothing when the invariant breaks. Browser-safe (no Node imports).

/** The value, which `invariant` says is there (neither undefined nor null); an Error naming the invariant when it is not. */
export function must<T>(value: T | undefined | null, invariant: string): T {
  if (value === undefined || value === null) throw new Error(`Broken invariant: ${invariant}`);
  return value;
}

/** The map's value for the key, made and stored first when there is none. */
export function getOrInsert<K, V extends NonNullable<unknown> | null>(map: Map<K, V>, key: K, make: (key: K) => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const value = make(key);
  map.set(key, value);
  return value;
}
