// The island loader: the only script a page loads, and only when the page has islands. It finds
// each server-rendered island, loads that island's own chunk and hydrates it when the browser is
// idle or the island scrolls into view. React itself is one chunk shared by every island.
import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { shareNonceWithStyleInjectors } from './lib/csp-nonce.ts'

type IslandModule = Record<string, unknown>

// One lazily imported chunk per file in ./islands/.
const ISLAND_MODULES = import.meta.glob<IslandModule>('./islands/*.tsx')

function readProps(root: HTMLElement): Record<string, unknown> {
  const script = root.nextElementSibling
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-props')) return {}
  const parsed: unknown = JSON.parse(script.textContent || '{}')
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

async function hydrate(root: HTMLElement): Promise<void> {
  const name = root.dataset.island ?? ''
  const load = ISLAND_MODULES[`./islands/${name}.tsx`]
  if (!load) throw new Error(`No island module named ${name}`)
  const component = (await load())[name]
  if (typeof component !== 'function') throw new Error(`Island module ${name} exports no ${name}`)
  hydrateRoot(root, createElement(component as ComponentType<object>, readProps(root)), {
    onRecoverableError: (error) => console.warn(`island ${name}:`, error),
  })
  root.dataset.hydrated = 'true'
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 })
  else setTimeout(callback, 200)
}

function schedule(root: HTMLElement, observer: IntersectionObserver | null): void {
  const strategy = root.dataset.hydrate
  const start = () => void hydrate(root).catch((error: unknown) => console.error(error))
  if (strategy === 'load') start()
  else if (strategy === 'visible' && observer) observer.observe(root)
  else whenIdle(start)
}

function startIslands(): void {
  shareNonceWithStyleInjectors()
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue
              observer?.unobserve(entry.target)
              const root = entry.target as HTMLElement
              // Visible islands still wait for a quiet moment so hydration never blocks input.
              whenIdle(() => void hydrate(root).catch((error: unknown) => console.error(error)))
            }
          },
          { rootMargin: '200px' }
        )
      : null
  for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (root.dataset.hydrated !== 'true') schedule(root, observer)
  }
}

// The loader is an async module script: islands streamed after it arrives are found once parsing ends.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', startIslands, { once: true })
} else {
  startIslands()
}
