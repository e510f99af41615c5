import type { Brand } from '../../schemas/brand.ts'
import { LOGOUT_PATH, routePath } from '../lib/routes.ts'
import { preinitModule, preloadModule } from 'react-dom'
import { BasketIcon, SignOutIcon, UserIcon } from './icons.tsx'
import { Logo } from './Logo.tsx'
import type { SiteContent } from '../lib/site-content.ts'
import { useRenderContext } from './render-context.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface HeaderProps {
  brand: Brand | null
  signedIn: boolean
  currentPath: string
  /** The brand's announcement bar (a header block), its Markdown already safe HTML. */
  announcement?: SiteContent['announcement']
}

const NAV_LINKS = [
  { label: 'Find a store', href: `${routePath('index')}#store-search` },
  { label: 'All stores', href: routePath('store-all') },
  { label: 'FAQs', href: routePath('faq') },
  { label: 'Contact', href: routePath('contact') },
]

/**
 * The basket link. Its count is personal and pages are publicly cached, so the server renders it
 * empty and client/header-basket.ts (a few hundred bytes, no React) fills in the count and total
 * from the summary cookie and keeps them current.
 */
function HeaderBasketLink() {
  const { nonce, assets } = useRenderContext()
  const [script, ...imports] = assets.headerBasket
  if (script) preinitModule(script, { as: 'script', nonce })
  for (const chunk of imports) preloadModule(chunk, { as: 'script' })
  const text = useText()
  return (
    <a
      href={routePath('basket')}
      data-basket-link=""
      className="inline-flex min-h-11 items-center gap-2 rounded-full bg-primary px-3 text-sm font-semibold text-on-primary hover:brightness-90 sm:px-4"
    >
      <span className="relative">
        <BasketIcon className="size-5" />
        <span
          aria-hidden="true"
          hidden
          data-basket-count=""
          className="absolute -top-2 -end-2.5 grid min-w-5 place-items-center rounded-full bg-white px-1 text-xs leading-5 font-bold text-ink after:content-[attr(data-count)] [&[hidden]]:hidden"
        />
      </span>
      <span data-basket-text="" className="tabular-nums">
        {text(MESSAGES.pageBasket)}
      </span>
    </a>
  )
}

/**
 * A line above the header (an offer, a notice) from the brand's announcement block. It sits
 * before the sticky bar and scrolls away with the page, so only the slim bar stays on screen.
 */
function AnnouncementBar({
  announcement,
}: {
  announcement: NonNullable<SiteContent['announcement']>
}) {
  const text = useText()
  return (
    <aside
      aria-label={text(MESSAGES.pageAnnouncement)}
      data-announcement=""
      className="bg-primary px-4 py-2 text-center text-sm font-semibold text-on-primary"
    >
      {/* Safe HTML: rendered and sanitised by worker/lib/markdown.ts. */}
      <div
        className="inline [&_a]:underline [&_a]:underline-offset-2 [&_p]:inline"
        dangerouslySetInnerHTML={{ __html: announcement.html }}
      />
      {announcement.link ? (
        <>
          {' '}
          <a
            href={announcement.link.href}
            className="inline-flex min-h-6 items-center underline underline-offset-2"
          >
            {announcement.link.label}
          </a>
        </>
      ) : null}
    </aside>
  )
}

/** The main navigation: a row under the sticky bar that scrolls away (a phone keeps its height). */
function MainNav({ currentPath }: { currentPath: string }) {
  const text = useText()
  return (
    <nav aria-label={text(MESSAGES.pageMain)} className="border-b border-black/10 bg-surface">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-1 text-sm font-medium whitespace-nowrap sm:px-4">
        {NAV_LINKS.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={currentPath === link.href ? 'page' : undefined}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-ink/80 hover:bg-tint hover:text-ink aria-[current=page]:bg-tint aria-[current=page]:text-ink"
            >
              {text(link.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const ACCOUNT_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2.5 text-sm font-semibold hover:bg-tint sm:px-3'

/** The account links: 'My account' and sign-out, or sign-in and register. */
function AccountLinks({ signedIn }: { signedIn: boolean }) {
  const text = useText()
  if (signedIn) {
    return (
      <>
        <a href={routePath('member')} className={ACCOUNT_BUTTON}>
          <UserIcon className="size-5" />
          <span className="sr-only sm:not-sr-only">{text(MESSAGES.pageMyAccount)}</span>
        </a>
        {/* At every width: below 640 px its icon, its name for screen readers. */}
        <form method="post" action={LOGOUT_PATH}>
          <button type="submit" className={ACCOUNT_BUTTON}>
            <SignOutIcon className="size-5" />
            <span className="sr-only sm:not-sr-only">{text(MESSAGES.pageSignOut)}</span>
          </button>
        </form>
      </>
    )
  }
  return (
    <>
      <a href={routePath('login')} className={ACCOUNT_BUTTON}>
        <UserIcon className="size-5" />
        <span className="sr-only sm:not-sr-only">{text(MESSAGES.pageSignIn)}</span>
      </a>
      <a
        href={routePath('register')}
        className="hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold hover:bg-tint sm:inline-flex"
      >
        {text(MESSAGES.pageRegister)}
      </a>
    </>
  )
}

/**
 * The site header: the announcement, a sticky bar (logo, account, basket) and the main
 * navigation. The bar stays on screen so the basket and its confirmations are always in view; it
 * is 56 px on a phone and 72 px wider, and styles.css keeps anchors and focus clear of it with
 * scroll-padding-top (WCAG 2.4.11 focus not obscured).
 */
export function Header({ brand, signedIn, currentPath, announcement = null }: HeaderProps) {
  const text = useText()
  return (
    <>
      {brand && announcement ? <AnnouncementBar announcement={announcement} /> : null}
      <header
        data-site-header=""
        className="sticky top-0 z-40 border-b border-black/10 bg-surface shadow-sm"
      >
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-x-2 px-3 sm:h-18 sm:gap-x-6 sm:px-6">
          <a href={routePath('index')} className="flex h-full min-w-0 items-center rounded-md">
            <Logo brand={brand} />
            {/* Named by what it shows, then where it goes (WCAG 2.5.3 label in name). */}
            <span className="sr-only"> {text(MESSAGES.pageHomeSuffix)}</span>
          </a>
          {brand ? (
            <div className="relative ms-auto flex shrink-0 items-center gap-0.5 sm:gap-2">
              <AccountLinks signedIn={signedIn} />
              <HeaderBasketLink />
              {/* Filled by client/header-basket.ts after each add or removal: the bubble shows
                  it (clear of the layout, so showing it moves nothing), the polite status says
                  it, unless the island that made the change has its own status line. */}
              <p
                aria-hidden="true"
                data-basket-bubble=""
                className="pointer-events-none absolute top-full end-0 mt-2 w-max max-w-[min(22rem,calc(100vw-1.5rem))] rounded-xl bg-ink px-3 py-2 text-sm font-semibold text-white shadow-lg empty:hidden"
              />
              <p role="status" data-basket-confirm="" className="sr-only" />
            </div>
          ) : null}
        </div>
      </header>
      {brand ? <MainNav currentPath={currentPath} /> : null}
    </>
  )
}
