/**
 * A page that names its store and category by slug has to learn their ids before it can ask for
 * what hangs off them, which made each public page two or three KV waves one after the other
 * (store details, then the catalogue). Ids behind a slug almost never change, so this isolate
 * remembers the ids it last saw behind each page's slugs and starts the dependent reads with them
 * at once. The guess is always checked against the ids the page then learns: a wrong or missing
 * guess reads again with the right ids, so a guess can cost a wasted read, never a wrong answer.
 */

import { setBounded } from './bounded-map.ts'

/** The ids a dependent read needs, by name (e.g. `{ storeId, categoryId }`). */
export type Ids = Readonly<Record<string, number>>

// One entry per page address seen; small beside the isolate's memory, the oldest goes first.
const MAX_REMEMBERED = 2000
const idsByKey = new Map<string, Ids>()

function sameIds(a: Ids, b: Ids): boolean {
  const names = Object.keys(a)
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name])
}

/**
 * Starts `load` with the ids this isolate last saw under `key`, if any, and answers a function
 * that takes the real ids: it answers the started load when they match the guess, else `load`
 * with the real ids (and remembers them for the next request).
 *
 * @example
 * const catalogueFor = speculate(`store:${businessId}:${slug}`, ({ storeId }) => loadCatalogue(storeId))
 * const store = await findStore(c)
 * const catalogue = await catalogueFor({ storeId: store.id })
 */
export function speculate<I extends Ids, T>(
  key: string,
  load: (ids: I) => Promise<T>
): (actual: I) => Promise<T> {
  // A key is one page's slugs, so what was remembered under it has the shape that page gave.
  const guess = idsByKey.get(key) as I | undefined
  const early = guess === undefined ? undefined : load(guess)
  // A guess that turns out wrong is never awaited: its failure must not surface as unhandled.
  early?.catch(() => undefined)
  return (actual) => {
    if (guess !== undefined && early !== undefined && sameIds(guess, actual)) return early
    setBounded(idsByKey, key, actual, MAX_REMEMBERED)
    return load(actual)
  }
}

/** Forgets every remembered id (tests). */
export function clearSpeculativeIds(): void {
  idsByKey.clear()
}
