/**
 * Sets `key` in a per-isolate memo that holds at most `maxEntries`, dropping the oldest entries
 * first (Maps iterate in insertion order); a key set again becomes the newest. The one bound the
 * isolate memos share (brands by host, Markdown, cache-key hashes, ids behind slugs).
 *
 * @example setBounded(memo, markdown, html, 200)
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key)
  for (const oldest of map.keys()) {
    if (map.size < maxEntries) break
    map.delete(oldest)
  }
  map.set(key, value)
}
