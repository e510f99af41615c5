import type { SeoRedirectTarget } from '../../../schemas/seo.ts'

/** How many redirects a chain may take before it stops where it got to (ADR 024). */
export const MAX_REDIRECT_HOPS = 5

export interface StoredRedirect {
  fromSlug: string
  toPath: string
  statusCode: SeoRedirectTarget['statusCode']
}

const PERMANENT = new Set([301, 308])

/** The slug a site path would be looked up by: '/terms?x=1' → 'terms', '/' → ''. */
export function slugOfPath(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').replace(/^\/+|\/+$/g, '')
}

/**
 * Where an old slug leads: its redirect, followed while the target is itself an old slug, so a
 * browser gets one redirect to the end instead of a chain. At most `maxHops` are followed (the
 * last target reached is the answer); a chain that comes back to a slug it passed is a loop and
 * leads nowhere (null), as does a slug with no redirect. The chain is permanent only when every
 * step is; otherwise it answers 302 so browsers do not keep it.
 */
export function resolveRedirectChain(
  redirects: ReadonlyMap<string, StoredRedirect>,
  slug: string,
  maxHops: number = MAX_REDIRECT_HOPS
): SeoRedirectTarget | null {
  const first = redirects.get(slug)
  if (!first) return null
  const seen = new Set([slug])
  let current = first
  let permanent = PERMANENT.has(first.statusCode)
  for (let hop = 1; hop < maxHops; hop++) {
    const nextSlug = slugOfPath(current.toPath)
    if (seen.has(nextSlug)) return null
    const next = redirects.get(nextSlug)
    if (!next) break
    seen.add(nextSlug)
    permanent &&= PERMANENT.has(next.statusCode)
    current = next
  }
  // Still an old slug after the last hop: a loop longer than the limit, or a very long chain.
  const end = slugOfPath(current.toPath)
  if (seen.has(end)) return null
  return { toPath: current.toPath, statusCode: permanent ? first.statusCode : 302 }
}

/** Whether adding `from` → `toPath` to the redirects would make a loop (for whoever writes them). */
export function createsRedirectLoop(
  redirects: ReadonlyMap<string, StoredRedirect>,
  fromSlug: string,
  toPath: string
): boolean {
  const seen = new Set([fromSlug])
  let slug = slugOfPath(toPath)
  while (!seen.has(slug)) {
    const next = redirects.get(slug)
    if (!next) return false
    seen.add(slug)
    slug = slugOfPath(next.toPath)
  }
  return true
}
