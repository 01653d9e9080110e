/** How many different searches one process keeps: a public page's free text must not grow memory without end. */
export const FIND_HOUSE_CACHE_ENTRIES = 500;

/**
 * The public Find House pages, the same for every visitor, kept per process
 * under the database's listing version (find_house_version). Any write to a
 * listing moves the version in its own transaction, so a process drops its
 * pages on the first request after the write commits, whichever process made
 * it. Nothing here is per-user. Misses for the same page at once share one
 * read instead of each querying.
 */
export function versionedCache<T>(capacity = FIND_HOUSE_CACHE_ENTRIES) {
  let version: number | undefined;
  const pages = new Map<string, Promise<T>>();
  return {
    get(key: string, current: number, load: () => Promise<T>): Promise<T> {
      if (version !== current) {
        pages.clear();
        version = current;
      }
      const kept = pages.get(key);
      if (kept) {
        // Recently used goes to the back of the eviction order.
        pages.delete(key);
        pages.set(key, kept);
        return kept;
      }
      const loading = load();
      pages.set(key, loading);
      if (pages.size > capacity) pages.delete(pages.keys().next().value!);
      // A failed read is not remembered: the next visitor tries again.
      loading.catch(() => {
        if (pages.get(key) === loading) pages.delete(key);
      });
      return loading;
    },
    get size() {
      return pages.size;
    },
  };
}
