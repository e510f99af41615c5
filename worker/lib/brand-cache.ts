import type { Brand } from '../../schemas/brand.ts'
import { setBounded } from './bounded-map.ts'

const TTL_MS = 60_000
const MAX_ENTRIES = 500

/** A host's brand, or that no brand has it. */
export type Resolution = { brand: Brand } | { unknown: true }

// Per isolate: a host's brand changes rarely, and every page and /api call needs it.
type CacheEntry = { resolution: Resolution; expiresAt: number }
export const resolved = new Map<string, CacheEntry>()

/** Keeps a host's resolution for 60 s, dropping the oldest entry when full. */
export function remember(host: string, resolution: Resolution, now: number): CacheEntry {
  const entry = { resolution, expiresAt: now + TTL_MS }
  setBounded(resolved, host, entry, MAX_ENTRIES)
  return entry
}

/**
 * The brand this isolate holds for a host while its entry is fresh, else null (not held, expired,
 * or a host no brand has): for the page cache's fast hit, which never resolves a brand itself.
 */
export function heldBrand(host: string, now: number): Brand | null {
  const entry = resolved.get(host)
  if (!entry || entry.expiresAt <= now || !('brand' in entry.resolution)) return null
  return entry.resolution.brand
}

/**
 * Empties this isolate's brand cache (tests, and after an operator changes a brand: other
 * isolates follow within the 60 s of their entries).
 */
export function clearBrandCache(): void {
  resolved.clear()
}
