/*
 * What happens to the lines of the basket a shopper filled before signing in when the member
 * already has a basket (issue 35 item 13): a pure plan, so its rules are proven by a property test
 * and the writes (basket/follow.ts) only carry it out.
 */

/** One line (an item with its choices, or a meal deal) of either basket. */
export interface MergeEntry {
  /** The line's id in its basket (basket_lines.id, or basket_meal_deals.id for a meal deal). */
  ref: number
  kind: 'line' | 'meal'
  /** Lines with the same key are the same thing (item and choices); meal deals never match. */
  key: string
  /** The item whose max_quantity caps it; null for a meal deal. */
  itemId: number | null
  /** The item's per-shopper limit (spec §5 'Item limit'), null without one. */
  max: number | null
  quantity: number
  /** What the shopper calls it, for the message about what was left out. */
  name: string
}

export interface MergeSide {
  storeId: number | null
  entries: ReadonlyArray<MergeEntry>
}

export type DropReason = 'other_store' | 'item_limit' | 'basket_limit'

/** A guest line moved: onto the member's line `into` (its new quantity) or as a new line. */
export interface MergeMove {
  entry: MergeEntry
  into: MergeEntry | null
  /** The quantity moved from the guest line. */
  added: number
  /** The member line's quantity after the move (added alone for a new line). */
  quantity: number
}

export interface MergeDrop {
  entry: MergeEntry
  /** How much of the guest line was left out. */
  quantity: number
  reason: DropReason
}

export interface MergePlan {
  /** merged: the guest's lines went into the member's basket; other_store: none could. */
  outcome: 'merged' | 'other_store'
  moves: Array<MergeMove>
  /** Every guest quantity not moved, with why: nothing is dropped without being said. */
  drops: Array<MergeDrop>
}

/** Quantities held per item and in all (lines and meal deals), as the limits count them. */
function held(entries: ReadonlyArray<MergeEntry>): { perItem: Map<number, number>; total: number } {
  const perItem = new Map<number, number>()
  let total = 0
  for (const entry of entries) {
    if (entry.itemId !== null) {
      perItem.set(entry.itemId, (perItem.get(entry.itemId) ?? 0) + entry.quantity)
    }
    total += entry.quantity
  }
  return { perItem, total }
}

/**
 * The guest's lines into the member's basket. At the same store each guest line adds to the
 * member's same line (or becomes a new one) as far as the item's limit and the store's basket limit
 * allow: an item ends at min(limit, member's + guest's). At another store nothing moves. Every
 * quantity left out is in drops with its reason.
 */
export function planMerge(
  member: MergeSide,
  guest: MergeSide,
  basketLimit: number | null
): MergePlan {
  if (guest.storeId !== member.storeId) {
    return {
      outcome: 'other_store',
      moves: [],
      drops: guest.entries.map((entry) => ({
        entry,
        quantity: entry.quantity,
        reason: 'other_store',
      })),
    }
  }
  const counts = held(member.entries)
  const targets = new Map<string, MergeEntry>()
  for (const entry of member.entries) {
    if (entry.kind === 'line' && !targets.has(entry.key)) targets.set(entry.key, entry)
  }
  const moved = new Map<string, MergeMove>()
  const moves: Array<MergeMove> = []
  const drops: Array<MergeDrop> = []
  for (const entry of guest.entries) {
    const itemHeld = entry.itemId === null ? 0 : (counts.perItem.get(entry.itemId) ?? 0)
    const itemRoom = entry.max === null ? Infinity : Math.max(0, entry.max - itemHeld)
    const basketRoom = basketLimit === null ? Infinity : Math.max(0, basketLimit - counts.total)
    const added = Math.min(entry.quantity, itemRoom, basketRoom)
    if (added < entry.quantity) {
      drops.push({
        entry,
        quantity: entry.quantity - added,
        reason: itemRoom < entry.quantity ? 'item_limit' : 'basket_limit',
      })
    }
    if (added === 0) continue
    if (entry.itemId !== null) counts.perItem.set(entry.itemId, itemHeld + added)
    counts.total += added
    const into = entry.kind === 'line' ? (targets.get(entry.key) ?? null) : null
    const earlier = entry.kind === 'line' ? moved.get(entry.key) : undefined
    if (earlier) {
      // Two guest lines of the same thing go onto one line.
      earlier.added += added
      earlier.quantity += added
      continue
    }
    const move: MergeMove = {
      entry,
      into,
      added,
      quantity: (into?.quantity ?? 0) + added,
    }
    moves.push(move)
    if (entry.kind === 'line') moved.set(entry.key, move)
  }
  return { outcome: 'merged', moves, drops }
}

/** How many items a plan moved and left out (for the shopper's message). */
export function mergeCounts(plan: MergePlan): { added: number; dropped: number } {
  return {
    added: plan.moves.reduce((sum, move) => sum + move.added, 0),
    dropped: plan.drops.reduce((sum, drop) => sum + drop.quantity, 0),
  }
}
