import type { ReactNode } from 'react'
import type { Brand } from '../../schemas/brand.ts'
import { AlertIcon } from './icons.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

/** What every page knows about the request besides its own data. */
export interface PageChrome {
  brand: Brand | null
  signedIn: boolean
  /** The request path, to mark the current navigation link. */
  currentPath: string
  /** A one-time message carried across a redirect (e.g. a guard's). */
  flash: string | null
}

/** Skip link, header, an optional flash message, the page's main landmark and the footer. */
export function Layout({
  chrome,
  children,
  interactive = false,
}: {
  chrome: PageChrome
  children: ReactNode
  /** The page has islands of its own, so the footer's sign-up may hydrate too. */
  interactive?: boolean
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <Header brand={chrome.brand} signedIn={chrome.signedIn} currentPath={chrome.currentPath} />
      {chrome.flash ? (
        <div role="status" className="border-b border-amber-300 bg-amber-50">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 text-sm font-semibold text-amber-950 sm:px-6">
            <AlertIcon className="size-5 shrink-0" />
            {chrome.flash}
          </p>
        </div>
      ) : null}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer brand={chrome.brand} interactiveSignup={interactive} />
    </>
  )
}
