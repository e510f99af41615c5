import type { Brand } from '../../schemas/brand.ts'
import { LOGOUT_PATH, routePath } from '../lib/routes.ts'
import { preinitModule, preloadModule } from 'react-dom'
import { BasketIcon, SignOutIcon, UserIcon } from './icons.tsx'
import { Logo } from './Logo.tsx'
import type { SiteContent } from './content/site-content.ts'
import { useRenderContext } from './render-context.ts'

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
  return (
    <a
      href={routePath('basket')}
      data-basket-link=""
      className="inline-flex min-h-11 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90"
    >
      <span className="relative">
        <BasketIcon className="size-5" />
        <span
          aria-hidden="true"
          hidden
          data-basket-count=""
          className="absolute -top-2 -right-2.5 grid min-w-5 place-items-center rounded-full bg-white px-1 text-xs leading-5 font-bold text-ink after:content-[attr(data-count)] [&[hidden]]:hidden"
        />
      </span>
      <span data-basket-text="" className="tabular-nums">
        Basket
      </span>
    </a>
  )
}

/** A line above the header (an offer, a notice) from the brand's announcement block. */
function AnnouncementBar({
  announcement,
}: {
  announcement: NonNullable<SiteContent['announcement']>
}) {
  return (
    <div
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
    </div>
  )
}

/** The site header: logo, main navigation, account and basket links. */
export function Header({ brand, signedIn, currentPath, announcement = null }: HeaderProps) {
  return (
    <header className="border-b border-black/10 bg-surface">
      {brand && announcement ? <AnnouncementBar announcement={announcement} /> : null}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 px-4 sm:gap-x-6 sm:px-6">
        <a href={routePath('index')} className="flex h-16 items-center rounded-md">
          <Logo brand={brand} />
          {/* Named by what it shows, then where it goes (WCAG 2.5.3 label in name). */}
          <span className="sr-only"> home</span>
        </a>
        {brand ? (
          <>
            <nav
              aria-label="Main"
              className="order-last -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-black/5 px-4 md:order-none md:mx-0 md:w-auto md:border-0 md:px-0"
            >
              <ul className="flex gap-1 py-1.5 text-sm font-medium whitespace-nowrap md:py-0">
                {NAV_LINKS.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      aria-current={currentPath === link.href ? 'page' : undefined}
                      className="inline-flex min-h-11 items-center rounded-full px-3 text-ink/80 hover:bg-tint hover:text-ink aria-[current=page]:bg-tint aria-[current=page]:text-ink"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              {signedIn ? (
                <>
                  <a
                    href={routePath('member')}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-tint"
                  >
                    <UserIcon className="size-5" />
                    <span className="sr-only sm:not-sr-only">My account</span>
                  </a>
                  {/* At every width: below 640 px its icon, its name for screen readers. */}
                  <form method="post" action={LOGOUT_PATH}>
                    <button
                      type="submit"
                      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-tint"
                    >
                      <SignOutIcon className="size-5" />
                      <span className="sr-only sm:not-sr-only">Sign out</span>
                    </button>
                  </form>
                </>
              ) : (
                <>
                  <a
                    href={routePath('login')}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-tint"
                  >
                    <UserIcon className="size-5" />
                    <span className="sr-only sm:not-sr-only">Sign in</span>
                  </a>
                  <a
                    href={routePath('register')}
                    className="hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold hover:bg-tint sm:inline-flex"
                  >
                    Register
                  </a>
                </>
              )}
              <HeaderBasketLink />
            </div>
          </>
        ) : null}
      </div>
    </header>
  )
}
