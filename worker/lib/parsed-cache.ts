import { type CacheEntry, entryValue } from './kv-cache.ts'

/**
 * Pages read the same public KV entries on every request (a store's tree, a category's items) and
 * checked each one with its zod schema every time. KV stays the one source of what is current:
 * this only remembers, per isolate, the parsed value of the entry text it last parsed under a key,
 * and answers it again while KV still returns exactly that text. A purge or a new write changes
 * the text, and the next read parses it afresh.
 */
interface Parsed {
  text: string
  /** What the value was parsed with (a zod schema): a read with another parses again. */
  parser: object
  expiresAt: number
  value: unknown
}

// The memo holds entry texts; these bounds keep it small beside the isolate's 128 MB.
const MAX_ENTRIES = 300
const MAX_TEXT_CHARS = 256 * 1024
const MAX_TOTAL_CHARS = 4 * 1024 * 1024

const parsedByKey = new Map<string, Parsed>()
let totalChars = 0

function forget(key: string): void {
  const old = parsedByKey.get(key)
  if (!old) return
  totalChars -= old.text.length
  parsedByKey.delete(key)
}

function remember(key: string, parsed: Parsed): void {
  forget(key)
  if (parsed.text.length > MAX_TEXT_CHARS) return
  // Maps iterate in insertion order: the oldest entries go first.
  for (const oldest of parsedByKey.keys()) {
    if (parsedByKey.size < MAX_ENTRIES && totalChars + parsed.text.length <= MAX_TOTAL_CHARS) break
    forget(oldest)
  }
  parsedByKey.set(key, parsed)
  totalChars += parsed.text.length
}

/** Freezes a parsed answer all the way down: requests share it, so none may change it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * The KV entry's value as `parse` makes it, or null when absent, stale or unreadable. The same
 * entry text read again with the same `parser` answers the value parsed before (frozen: shared by
 * requests). `parse` may throw (an answer that no longer fits its schema); nothing is kept then.
 *
 * @example await readParsedCache(env.CACHE, key, CategoryTreeSchema, (v) => CategoryTreeSchema.parse(v))
 */
export async function readParsedCache<T>(
  kv: KVNamespace,
  key: string,
  parser: object,
  parse: (value: unknown) => T
): Promise<T | null> {
  const text = await kv.get(key, 'text').catch(() => null)
  if (text === null) {
    forget(key)
    return null
  }
  const known = parsedByKey.get(key)
  if (known && known.text === text && known.parser === parser) {
    return known.expiresAt > Date.now() ? (known.value as T) : null
  }
  let entry: CacheEntry<unknown> | null
  try {
    entry = entryValue(JSON.parse(text))
  } catch {
    return null
  }
  if (!entry) return null
  const value = deepFreeze(parse(entry.value))
  remember(key, { text, parser, expiresAt: entry.expiresAt, value })
  return value
}

/** Empties this isolate's memo (tests). */
export function clearParsedCache(): void {
  parsedByKey.clear()
  totalChars = 0
}
