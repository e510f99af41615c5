import type { PageChrome } from '../lib/page-chrome.ts'
import type { ReactNode } from 'react'
import { FlashToast } from '../islands/FlashToast.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { island } from './Island.tsx'
import { NO_SITE_CONTENT } from '../lib/site-content.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

// Idle is soon enough: the message is readable before its dismiss button arrives.
// Its dismiss button shows only once it hydrates: its word travels with it.
const FlashToastIsland = island('FlashToast', FlashToast, {
  hydrate: 'idle',
  texts: [MESSAGES.pageDismissMessage],
})

/** Skip link, header, an optional flash toast, the page's main landmark and the footer. */
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
  const content = chrome.content ?? NO_SITE_CONTENT
  const text = useText()
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        {text(MESSAGES.pageSkipToMain)}
      </a>
      <Header
        brand={chrome.brand}
        signedIn={chrome.signedIn}
        currentPath={chrome.currentPath}
        announcement={content.announcement}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {chrome.flash ? (
          <FlashToastIsland message={chrome.flash} tone={chrome.flashTone ?? 'notice'} />
        ) : null}
        {children}
      </main>
      <Footer
        brand={chrome.brand}
        signedIn={chrome.signedIn}
        interactiveSignup={interactive}
        content={content}
      />
    </>
  )
}
