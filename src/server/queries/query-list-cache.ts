import type { AppContext } from '../context';

// GET /queries' answer, kept as JSON text until the queries change: by their own routes, or by a
// fit profile's deletion (its queries fall back to the default profile, issue 40). Kept per
// AppContext, so two servers in one process (the API tests start many) keep their own.

export interface QueryListCache {
  /** The kept text, or `make`'s, kept unless the list changed while it ran. */
  json(make: () => Promise<string>): Promise<string>;
  /** The list changed: the next read makes it again. */
  forget(): void;
}

const caches = new WeakMap<AppContext, QueryListCache>();

export function queryListCache(ctx: AppContext): QueryListCache {
  let cache = caches.get(ctx);
  if (!cache) {
    let kept: string | null = null;
    // Guards against a read that was under way while a write committed.
    let version = 0;
    cache = {
      async json(make) {
        if (kept !== null) return kept;
        const before = version;
        const made = await make();
        if (before === version) kept = made;
        return made;
      },
      forget() {
        version += 1;
        kept = null;
      },
    };
    caches.set(ctx, cache);
  }
  return cache;
}
