// React's half of the island loader (client/entry.tsx): loaded with the first island that
// hydrates, so a page downloads React only when one of its islands is about to need it, and the
// loader itself stays a few hundred bytes that never compete with the page's first paint.
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { documentLocale } from './document-locale.ts'
import { islandTexts, PageTextsContext } from './page-text.ts'
import { ShopLocaleContext } from './shop-locale.ts'

/** Renders its child unchanged and reports React's first commit: the island is hydrated. */
function Committed({ children, onCommit }: { children: ReactNode; onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit])
  return children
}

/** Hydrates one server-rendered island; settles once React has committed it (or failed to). */
export function hydrateIsland(
  root: HTMLElement,
  name: string,
  component: ComponentType<object>,
  props: Record<string, unknown>,
  texts: Readonly<Record<string, string>> = {}
): Promise<void> {
  return new Promise<void>((resolve, fail) => {
    let committed = false
    const onCommit = () => {
      committed = true
      resolve()
    }
    // The island formats and speaks as the server did: the brand's locale, written on <html>,
    // and the translations the server wrote after the island.
    const island = createElement(ShopLocaleContext, {
      value: documentLocale(),
      children: createElement(PageTextsContext, {
        value: islandTexts(texts),
        children: createElement(component, props),
      }),
    })
    hydrateRoot(root, createElement(Committed, { onCommit, children: island }), {
      onRecoverableError: (error) => console.warn(`island ${name}:`, error),
      // Before the first commit the island failed to hydrate; after it, it is an ordinary error.
      onUncaughtError: (error) =>
        committed ? console.error(`island ${name}:`, error) : fail(error),
    })
  })
}
