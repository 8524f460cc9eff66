import type { AppContext } from '../../platform/context.ts';

/**
 * What a part of finance keeps per app (its services, its simulators), reached through the app's context by
 * tests and other modules; asking an app where the part was never registered is a wiring error.
 */
export function perApp<V>(part: string): {
  keep: (ctx: AppContext, value: V) => void;
  of: (ctx: AppContext) => V;
} {
  const kept = new WeakMap<AppContext, V>();
  return {
    keep: (ctx, value) => {
      kept.set(ctx, value);
    },
    of: (ctx) => {
      const found = kept.get(ctx);
      if (!found) throw new Error(`${part} not registered`);
      return found;
    },
  };
}
