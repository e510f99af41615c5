import type { ReactNode } from 'react'
import { FlashToast } from '../../islands/FlashToast.tsx'
import { island } from '../Island.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'

const FlashToastIsland = island('FlashToast', FlashToast, { hydrate: 'load' })

/** Who is signed in to the console, for its header. */
export interface ConsoleUser {
  name: string
}

/** Console paths the layout links to (the worker owns them: worker/pages/store/paths.ts). */
export interface ConsoleLinks {
  home: string
  signOut: string
  /** The signed-in person's own account (password, sign out everywhere). */
  account: string
  /** The order search (an order by number, archived ones too). */
  findOrder?: string
}

/**
 * The store console's frame (ADR 018): the brand's colours, no shop header or footer (staff are
 * not shopping), who is signed in and a sign-out button that works without JavaScript.
 */
export function ConsoleLayout({
  chrome,
  user,
  links,
  children,
  wide = false,
  bare = false,
  consoleName = 'Store console',
}: {
  chrome: PageChrome
  user: ConsoleUser | null
  links: ConsoleLinks
  children: ReactNode
  /** Desktop-first pages (the board) use the whole width. */
  wide?: boolean
  /** A page that brings its own frame (the sign-in cards): no padding around it. */
  bare?: boolean
  /** The header's name of this console ("Store console", "Operator console"). */
  consoleName?: string
}) {
  const brandName = chrome.brand?.name ?? 'Storefront'
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        Skip to main content
      </a>
      <header className="bg-primary text-on-primary">
        <div
          className={`mx-auto flex min-h-14 flex-wrap items-center justify-between gap-2 px-4 py-2 ${wide ? 'max-w-screen-2xl' : 'max-w-3xl'}`}
        >
          <a href={links.home} className="font-extrabold tracking-tight">
            {brandName} <span className="font-semibold opacity-90">· {consoleName}</span>
          </a>
          {user ? (
            <form method="post" action={links.signOut} className="flex items-center gap-3">
              {links.findOrder ? (
                <a
                  href={links.findOrder}
                  className="inline-flex min-h-11 items-center text-sm underline underline-offset-2 opacity-90"
                >
                  Find an order
                </a>
              ) : null}
              <a
                href={links.account}
                className="inline-flex min-h-11 items-center text-sm underline underline-offset-2 opacity-90"
              >
                {user.name}
                <span className="sr-only">: your account</span>
              </a>
              <button
                type="submit"
                className="min-h-11 rounded-lg border-2 border-current px-3 text-sm font-bold"
              >
                Sign out
              </button>
            </form>
          ) : null}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`w-full flex-1 focus:outline-none ${bare ? '' : `mx-auto px-4 py-6 ${wide ? 'max-w-screen-2xl' : 'max-w-3xl'}`}`}
      >
        {chrome.flash ? (
          <FlashToastIsland message={chrome.flash} tone={chrome.flashTone ?? 'notice'} />
        ) : null}
        {children}
      </main>
    </>
  )
}
