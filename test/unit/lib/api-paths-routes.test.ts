import { expect, it } from 'vitest'
import * as apiPaths from '../../../client/lib/api-paths.ts'
import { backendDomains } from '../../../worker/backend/index.ts'

/*
 * client/lib/api-paths.ts is the browser's list of /api addresses. The proxy forwards
 * `/api/<path>` to the backend's `<path>`, so each address must name a route some backend domain
 * declares: a renamed or removed route fails here rather than as a 404 in an island.
 */
const API_PREFIX = '/api'

const declared = new Set(backendDomains.flatMap((domain) => domain.routes.map((r) => r.path)))

function addresses(value: unknown): Array<string> {
  if (typeof value === 'string') return [value]
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(addresses)
  return []
}

it('names only paths a backend route declares', () => {
  const proxied = addresses(apiPaths).filter((address) => address.startsWith(`${API_PREFIX}/`))
  expect(proxied).toContain('/api/basket/items/add')
  expect(proxied.filter((address) => !declared.has(address.slice(API_PREFIX.length)))).toEqual([])
})
