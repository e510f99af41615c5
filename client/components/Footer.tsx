import { useRenderNow } from './render-context.ts'
import type { Brand, BrandLink } from '../../schemas/brand.ts'
import { StayInTouch } from '../islands/StayInTouch.tsx'
import { routePath } from '../lib/routes.ts'
import { AppleIcon, FacebookIcon, InstagramIcon, PlayIcon, TwitterIcon } from './icons.tsx'
import { island } from './Island.tsx'

const StayInTouchIsland = island('StayInTouch', StayInTouch, { hydrate: 'visible' })

const SOCIAL = {
  facebook: { label: 'Facebook', Icon: FacebookIcon },
  twitter: { label: 'X (Twitter)', Icon: TwitterIcon },
  instagram: { label: 'Instagram', Icon: InstagramIcon },
} as const

const APP_STORES = {
  ios: { label: 'Download on the App Store', Icon: AppleIcon },
  android: { label: 'Get it on Google Play', Icon: PlayIcon },
} as const

const COLUMNS = [
  {
    heading: 'Shop',
    links: [
      { label: 'Find a store', href: `${routePath('index')}#store-search` },
      { label: 'All stores', href: routePath('store-all') },
      { label: 'Basket', href: routePath('basket') },
    ],
  },
  {
    heading: 'Help',
    links: [
      { label: 'FAQs', href: routePath('faq') },
      { label: 'Contact us', href: routePath('contact') },
      { label: 'Refer a friend', href: routePath('referrer') },
    ],
  },
  {
    heading: 'Account',
    links: [
      { label: 'Sign in', href: routePath('login') },
      { label: 'Register', href: routePath('register') },
      { label: 'My orders', href: routePath('member-orders') },
    ],
  },
]

function linksOf<Kind extends BrandLink['kind']>(links: Array<BrandLink>, kind: Kind) {
  return links.filter((link) => link.kind === kind)
}

/**
 * The site footer: link columns, Stay In Touch, social and app links, legal links. The sign-up is
 * an island only where the page hydrates something else too, so informational pages ship no script.
 */
export function Footer({
  brand,
  interactiveSignup,
}: {
  brand: Brand | null
  /** Hydrate the sign-up (pages that load islands anyway); otherwise it is a plain HTML form. */
  interactiveSignup: boolean
}) {
  const year = useRenderNow().getUTCFullYear()
  const social = brand ? linksOf(brand.links, 'social') : []
  const apps = brand ? linksOf(brand.links, 'app_store') : []
  return (
    <footer className="mt-auto border-t-4 border-primary bg-gray-900 text-white">
      {brand ? (
        <div className="mx-auto grid max-w-6xl grid-cols-3 gap-x-4 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[repeat(3,minmax(0,1fr))_1.6fr]">
          {COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-base font-bold">{column.heading}</h2>
              <ul className="mt-3 space-y-1 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="inline-flex min-h-8 items-center text-white/85 hover:text-white hover:underline"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div className="col-span-3 lg:col-span-1">
            {interactiveSignup ? (
              <StayInTouchIsland brandName={brand.name} />
            ) : (
              <StayInTouch brandName={brand.name} />
            )}
            {social.length > 0 ? (
              <ul className="mt-5 flex gap-2" aria-label="Follow us">
                {social.map((link) => {
                  const { label, Icon } = SOCIAL[link.channel as keyof typeof SOCIAL]
                  return (
                    <li key={link.channel}>
                      <a
                        href={link.url}
                        rel="noopener"
                        className="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                      >
                        <Icon className="size-5" />
                        <span className="sr-only">
                          {brand.name} on {label}
                        </span>
                      </a>
                    </li>
                  )
                })}
              </ul>
            ) : null}
            {apps.length > 0 ? (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Get the app">
                {apps.map((link) => {
                  const { label, Icon } = APP_STORES[link.channel as keyof typeof APP_STORES]
                  return (
                    <li key={link.channel}>
                      <a
                        href={link.url}
                        rel="noopener"
                        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-white/30 px-3 text-sm font-semibold hover:bg-white/10"
                      >
                        <Icon className="size-5" />
                        {label}
                      </a>
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm text-white/80 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {brand?.name ?? 'Storefront'}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-1">
              <li>
                <a href={routePath('terms')} className="hover:text-white hover:underline">
                  Terms &amp; conditions
                </a>
              </li>
              <li>
                <a href={routePath('privacy-policy')} className="hover:text-white hover:underline">
                  Privacy policy
                </a>
              </li>
              <li>
                <a href={routePath('cookie-policy')} className="hover:text-white hover:underline">
                  Cookie policy
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
