import { createContext, useContext } from 'react'

/** Where the island loader and the header basket script live (the worker's CLIENT_ASSETS). */
export interface IslandAssets {
  dev: boolean
  loader: string
  /** The header basket module, then the chunks it imports. */
  headerBasket: Array<string>
}

/** What server rendering knows about the response: its CSP nonce and the client's assets. */
export interface RenderContextValue {
  nonce: string
  assets: IslandAssets
  /**
   * A page-unique id for the next island. Islands use it instead of useId(): the server renders an
   * island deep in the page tree, the browser hydrates it as its own root, so useId() differs.
   */
  nextIslandId: (name: string) => string
  /** The app's clock when the render started (worker/lib/clock.ts), ms since the epoch. */
  now: number
}

export const RenderContext = createContext<RenderContextValue | null>(null)

/**
 * The instant a server render reads as now: the app's clock, which tests and development can pin,
 * not the machine's. Server-only components use it for anything that depends on the date.
 */
export function useRenderNow(): Date {
  return new Date(useRenderContext().now)
}

/** The render context of the current server render; throws outside one (e.g. in the browser). */
export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext)
  if (!value) throw new Error('useRenderContext() is only available while rendering on the server')
  return value
}
