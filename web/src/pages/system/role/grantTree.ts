// The grant tree's check rules: checking a node grants it with everything below it (and the menus above, which
// must be granted for it to show); unchecking takes it and everything below away, and a menu left with nothing
// granted below it goes too. A granted menu with only part of its subtree granted shows half-checked.

export interface TreeLinks {
  parentOf: ReadonlyMap<string, string | null>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
}

function descendants(links: TreeLinks, key: string, into: string[] = []): string[] {
  for (const child of links.childrenOf.get(key) ?? []) {
    into.push(child);
    descendants(links, child, into);
  }
  return into;
}

/** The granted set after (un)checking `key`. */
export function toggleGrant(
  links: TreeLinks,
  granted: readonly string[],
  key: string,
  on: boolean,
): string[] {
  const next = new Set(granted);
  const below = descendants(links, key);
  if (on) {
    next.add(key);
    for (const k of below) next.add(k);
    for (let up = links.parentOf.get(key); up; up = links.parentOf.get(up)) next.add(up);
  } else {
    next.delete(key);
    for (const k of below) next.delete(k);
    for (let up = links.parentOf.get(key); up; up = links.parentOf.get(up)) {
      if (descendants(links, up).some((k) => next.has(k))) break;
      next.delete(up);
    }
  }
  return [...next];
}

/** What the tree shows: fully granted nodes checked, partly granted ones half-checked. */
export function checkState(
  links: TreeLinks,
  granted: readonly string[],
): { checked: string[]; halfChecked: string[] } {
  const set = new Set(granted);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const key of granted) {
    const below = descendants(links, key);
    if (below.every((k) => set.has(k))) checked.push(key);
    else halfChecked.push(key);
  }
  return { checked, halfChecked };
}
