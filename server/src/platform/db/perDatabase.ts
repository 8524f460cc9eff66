/**
 * A value kept per database handle, made on first use: two apps in one process (tests, benches) never share
 * caches or reads, and a handle's values go with it.
 */
export function perDatabase<T>(create: () => T): (db: object) => T {
  const made = new WeakMap<object, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = create();
      made.set(db, value);
    }
    return value;
  };
}
