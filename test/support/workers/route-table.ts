import { createApp } from '../../../worker/app.ts'
import { backend } from '../../../worker/local-backend.ts'

/*
 * Every route the storefront answers, read from the route tables (so a sweep covers a route the
 * day it is added): the app's own, and the backend's as /api reaches them.
 */

export interface SweptRoute {
  method: string
  path: string
}

/** Each route's method (a middleware's ALL as GET) and path pattern, once each. */
export function routeTable(): Array<SweptRoute> {
  const found = new Map<string, SweptRoute>()
  const add = (method: string, path: string) => {
    const verb = method === 'ALL' ? 'GET' : method
    found.set(`${verb} ${path}`, { method: verb, path })
  }
  for (const { method, path } of createApp().routes) add(method, path)
  for (const { method, path } of backend.routes) add(method, `/api${path}`)
  return [...found.values()]
}

/** A pattern as a concrete path: each parameter and wildcard is `segment`. */
export function fillRoute(pattern: string, segment: string): string {
  return pattern.replace(/:[A-Za-z]+(\{[^}]*\})?/g, segment).replace(/\*/g, segment)
}
