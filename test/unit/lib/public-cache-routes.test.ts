import { expect, it } from 'vitest'
import { backendDomains } from '../../../worker/backend/index.ts'
import {
  BRAND_SCOPED_PATHS,
  PAGE_ONLY_CACHE_RULES,
  PUBLIC_CACHE_RULES,
} from '../../../worker/lib/public-cache.ts'

/*
 * The proxy and the pages' backend client read the edge policies of backend routes from
 * worker/lib/public-cache.ts (the proxy may not import the backend, ADR 013). Each entry must
 * name a route the backend declares, so a renamed or removed route cannot leave a policy behind
 * that silently caches nothing, or a new path that quietly misses its brand scope.
 */
const declared = new Set(
  backendDomains.flatMap((domain) =>
    domain.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`)
  )
)
const paths = new Set([...declared].map((route) => route.slice(route.indexOf(' ') + 1)))

it('caches only routes the backend declares, under their declared method', () => {
  expect(declared).toContain('POST /catalogue/category')
  const rules = Object.keys({ ...PUBLIC_CACHE_RULES, ...PAGE_ONLY_CACHE_RULES })
  expect(rules.filter((rule) => !declared.has(rule))).toEqual([])
  const scopes = Object.values({ ...PUBLIC_CACHE_RULES, ...PAGE_ONLY_CACHE_RULES }).map(
    (rule) => rule.scope
  )
  expect(new Set(scopes).size, 'each cached route has its own KV scope').toBe(scopes.length)
})

it('scopes to the brand only paths the backend declares', () => {
  expect([...BRAND_SCOPED_PATHS].filter((path) => !paths.has(path))).toEqual([])
})
