// The island loader: the only script a page loads, and only when the page has islands (ADR 032).
// It finds each server-rendered island and, when the browser is idle, the island scrolls into view
// or the shopper reaches for it, loads that island's own chunk and React (one chunk shared by every
// island, client/lib/hydrate-island.ts) and hydrates it. Nothing here imports React, so the page's
// first paint never waits for React's bytes.
import type { ComponentType } from 'react'
import { shareNonceWithStyleInjectors } from './lib/csp-nonce.ts'
import { pressedControl, replayEarlyValues } from './lib/early-input.ts'
import { FAVOURITE_FORM_PATH } from './lib/favourite-form.ts'
import { LOGOUT_PATH } from './lib/routes.ts'

type IslandModule = Record<string, unknown>

// One lazily imported chunk per file in ./islands/.
const ISLAND_MODULES = import.meta.glob<IslandModule>('./islands/*.tsx')

/** Each island's hydration, started once whatever asked first (schedule, a press, a focus). */
const hydrations = new Map<HTMLElement, Promise<void>>()
/** Presses and submits made in an island before it hydrated, in order, to make again after. */
const held = new Map<HTMLElement, Array<() => void>>()

function readProps(root: HTMLElement): Record<string, unknown> {
  const script = root.nextElementSibling
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-props')) return {}
  const parsed: unknown = JSON.parse(script.textContent || '{}')
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

/** The translations the server wrote after an island's props (page-text.ts); none in English. */
function readTexts(root: HTMLElement): Record<string, string> {
  const script = root.nextElementSibling?.nextElementSibling
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-texts')) return {}
  const parsed: unknown = JSON.parse(script.textContent || '{}')
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {}
}

async function hydrate(root: HTMLElement): Promise<void> {
  const name = root.dataset.island ?? ''
  const load = ISLAND_MODULES[`./islands/${name}.tsx`]
  if (!load) throw new Error(`No island module named ${name}`)
  // The island's chunk and React's download side by side (Vite preloads their own imports too).
  const [{ hydrateIsland }, module] = await Promise.all([import('./lib/hydrate-island.ts'), load()])
  const component = module[name]
  if (typeof component !== 'function') throw new Error(`Island module ${name} exports no ${name}`)
  await hydrateIsland(
    root,
    name,
    component as ComponentType<object>,
    readProps(root),
    readTexts(root)
  )
  root.dataset.hydrated = 'true'
  replayEarlyValues(root)
  // The replayed values are state updates: let React apply them before a held press reads them.
  await new Promise((applied) => setTimeout(applied, 0))
  releaseHeld(root)
}

/** Makes the presses held for an island: handled by it now, or by the browser if it failed. */
function releaseHeld(root: HTMLElement): void {
  const actions = held.get(root) ?? []
  held.delete(root)
  root.removeAttribute('aria-busy')
  for (const action of actions) action()
}

function ensureHydrated(root: HTMLElement): Promise<void> {
  let hydration = hydrations.get(root)
  if (!hydration) {
    hydration = hydrate(root).catch((error: unknown) => {
      console.error(error)
      // The server-rendered markup works without the island: held presses get the browser's meaning.
      root.dataset.hydrated = 'failed'
      releaseHeld(root)
    })
    hydrations.set(root, hydration)
  }
  return hydration
}

/** The island an event happened in, while that island has not hydrated (or failed to). */
function waitingIsland(event: Event): HTMLElement | null {
  const target = event.target instanceof Element ? event.target : null
  const root = target?.closest<HTMLElement>('[data-island]') ?? null
  return root && root.dataset.hydrated === undefined ? root : null
}

function hold(root: HTMLElement, event: Event, action: () => void): void {
  // Neither the browser (a link-like form would navigate) nor a half-hydrated React acts on it.
  event.preventDefault()
  event.stopImmediatePropagation()
  held.set(root, [...(held.get(root) ?? []), action])
  root.setAttribute('aria-busy', 'true')
  void ensureHydrated(root)
}

/**
 * A press in an island that has not hydrated yet (a card below the fold, a slow connection) is
 * held, the island hydrated at once, and the same control pressed again once it has: the
 * shopper's first press does what the island does, never the server markup's fallback.
 */
function holdEarlyPresses(): void {
  document.addEventListener(
    'click',
    (event) => {
      const root = waitingIsland(event)
      const control = root ? pressedControl(event) : null
      if (root && control) hold(root, event, () => control.click())
    },
    { capture: true }
  )
  document.addEventListener(
    'submit',
    (event) => {
      const root = waitingIsland(event)
      const form = event.target
      if (!root || !(form instanceof HTMLFormElement)) return
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null
      hold(root, event, () => form.requestSubmit(submitter))
    },
    { capture: true }
  )
  // Pointing at or focusing an island is a sign of intent: start its hydration before the press.
  for (const type of ['pointerdown', 'focusin'] as const) {
    document.addEventListener(
      type,
      (event) => {
        const root = waitingIsland(event)
        if (root) void ensureHydrated(root)
      },
      { capture: true, passive: true }
    )
  }
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 })
  else setTimeout(callback, 200)
}

function schedule(root: HTMLElement, observer: IntersectionObserver | null): void {
  const strategy = root.dataset.hydrate
  const start = () => void ensureHydrated(root)
  if (strategy === 'load') start()
  else if (strategy === 'visible' && observer) observer.observe(root)
  else whenIdle(start)
}

function startIslands(): void {
  shareNonceWithStyleInjectors()
  holdEarlyPresses()
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue
              observer?.unobserve(entry.target)
              const root = entry.target as HTMLElement
              // Visible islands still wait for a quiet moment so hydration never blocks input.
              whenIdle(() => void ensureHydrated(root))
            }
          },
          { rootMargin: '200px' }
        )
      : null
  for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (root.dataset.hydrated === undefined) schedule(root, observer)
  }
  fillHeartsOfMember()
}

/**
 * A signed-in member's hearts on a page that is the same for everyone (ADR 042): filled by one
 * call after load, in a chunk of its own loaded only for a member on a page with hearts.
 */
function fillHeartsOfMember(): void {
  const member = document.querySelector(`form[action="${LOGOUT_PATH}"]`) !== null
  if (!member || document.querySelector(`form[action="${FAVOURITE_FORM_PATH}"]`) === null) return
  whenIdle(() => void import('./lib/member-hearts.ts').then((hearts) => hearts.fillMemberHearts()))
}

// The loader is an async module script: islands streamed after it arrives are found once parsing ends.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', startIslands, { once: true })
} else {
  startIslands()
}
