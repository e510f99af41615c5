import type { ReactNode } from 'react'
import { FlashToast } from '../../islands/FlashToast.tsx'
import { SlotCountdown } from '../../islands/SlotCountdown.tsx'
import { routePath } from '../../lib/routes.ts'
import { LEGAL_LINKS } from '../Footer.tsx'
import { Svg } from '../icons.tsx'
import { island } from '../Island.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { Logo } from '../Logo.tsx'
import { OrderLines } from './OrderLines.tsx'
import type { CheckoutHeaderSummary } from '../../lib/checkout-summary.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { SLOT_PAGE_KEYS } from '../../../schemas/page-messages.ts'
import { useCount, useText } from '../../lib/page-text.ts'

// Its dismiss button shows only once it hydrates: its word travels with it.
const FlashToastIsland = island('FlashToast', FlashToast, {
  hydrate: 'idle',
  texts: [MESSAGES.pageDismissMessage],
})
// A held slot's words, said when its time runs short or out (after it hydrates).
const SlotCountdownIsland = island('SlotCountdown', SlotCountdown, {
  hydrate: 'load',
  texts: SLOT_PAGE_KEYS.map((key) => MESSAGES[key]),
})

function LockIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </Svg>
  )
}

/**
 * The order in the header: a <details> that opens to the lines on phones (closed, it still says
 * how many items and the total), the count and total on one line from tablets up, where the
 * steps show their own summary beside the form.
 */
function HeaderSummary({ summary }: { summary: CheckoutHeaderSummary }) {
  const money = useMoney()
  const text = useText()
  const count = useCount()
  const line = `${count('items', summary.itemCount)} · ${money(summary.total)}`
  return (
    <>
      <details className="group w-full border-t border-black/10 sm:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 text-sm font-semibold">
          <span>
            {text(MESSAGES.pageOrderSummary)} <span className="font-normal">({line})</span>
          </span>
          <span aria-hidden="true" className="transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="pb-3">
          <OrderLines lines={summary.lines} />
          <p className="mt-2 flex justify-between border-t border-black/10 pt-2 font-bold">
            <span>{text(MESSAGES.pageTotal)}</span>
            <span className="tabular-nums">{money(summary.total)}</span>
          </p>
        </div>
      </details>
      <p className="hidden text-sm sm:block">
        <span className="font-semibold">{text(MESSAGES.pageYourOrderColon)}</span>{' '}
        <span className="tabular-nums">{line}</span>
      </p>
    </>
  )
}

/**
 * A checkout step's page without the site's navigation, so nothing leads away from paying: the
 * brand's logo (back to the basket), 'Secure checkout', the order and the held slot's countdown
 * in the header, and only the legal links at the foot.
 */
export function CheckoutLayout({
  chrome,
  summary,
  children,
}: {
  chrome: PageChrome
  /** Null on steps without a basket to sum up (the options step, the confirmation). */
  summary: CheckoutHeaderSummary | null
  children: ReactNode
}) {
  const brand = chrome.brand
  const text = useText()
  const held = summary?.slot?.status === 'held' ? summary.slot : null
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        {text(MESSAGES.pageSkipToMain)}
      </a>
      <header className="border-b border-black/10 bg-surface" data-checkout-header="">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          <a
            href={routePath('basket')}
            aria-label={text(MESSAGES.pageBackToBasket, brand?.name ?? text(MESSAGES.pageShop))}
            className="flex min-h-12 items-center rounded-md"
          >
            <Logo brand={brand} />
          </a>
          <p className="flex items-center gap-1.5 text-sm font-bold">
            <LockIcon className="size-5 text-primary" />
            {text(MESSAGES.pageSecureCheckout)}
          </p>
          {summary ? (
            <div className="contents sm:ms-auto sm:block">
              <HeaderSummary summary={summary} />
            </div>
          ) : null}
        </div>
        {held && summary ? (
          <div className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
            <SlotCountdownIsland
              reservation={held}
              serverTime={summary.serverTime}
              storeSlug={summary.storeSlug}
            />
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {chrome.flash ? (
          <FlashToastIsland message={chrome.flash} tone={chrome.flashTone ?? 'notice'} />
        ) : null}
        {children}
      </main>
      <footer className="mt-auto border-t border-black/10 bg-surface">
        <nav
          aria-label={text(MESSAGES.pageTermsAndPolicies)}
          className="mx-auto max-w-6xl px-4 py-4 text-sm sm:px-6"
        >
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                >
                  {text(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </>
  )
}
