import { useRenderNow } from './render-context.ts'
import type { Brand, BrandLink } from '../../schemas/brand.ts'
import { StayInTouch } from '../islands/StayInTouch.tsx'
import type { ReactNode } from 'react'
import { LOGOUT_PATH, routePath } from '../lib/routes.ts'
import { AppleIcon, FacebookIcon, InstagramIcon, PlayIcon, TwitterIcon } from './icons.tsx'
import { island } from './Island.tsx'
import type { SiteContent } from '../lib/site-content.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

const StayInTouchIsland = island('StayInTouch', StayInTouch, {
  hydrate: 'visible',
  texts: [MESSAGES.pageSigningUp, MESSAGES.stayInTouchSuccess],
})

const SOCIAL = {
  facebook: { label: 'Facebook', Icon: FacebookIcon },
  twitter: { label: 'X (Twitter)', Icon: TwitterIcon },
  instagram: { label: 'Instagram', Icon: InstagramIcon },
} as const

const APP_STORES = {
  ios: { label: MESSAGES.pageAppStore, Icon: AppleIcon },
  android: { label: MESSAGES.pageGooglePlay, Icon: PlayIcon },
} as const

interface FooterLink {
  label: string
  href: string
}

const SHOP_LINKS: Array<FooterLink> = [
  { label: MESSAGES.pageFindAStore, href: `${routePath('index')}#store-search` },
  { label: MESSAGES.pageAllStores, href: routePath('store-all') },
  { label: MESSAGES.pageBasket, href: routePath('basket') },
]

const HELP_LINKS: Array<FooterLink> = [
  { label: MESSAGES.pageFaqs, href: routePath('faq') },
  { label: MESSAGES.pageDeliveryInformation, href: routePath('delivery-information') },
  { label: MESSAGES.pageAboutUs, href: routePath('about-us') },
  { label: MESSAGES.pageContactUs, href: routePath('contact') },
  { label: MESSAGES.pageReferAFriend, href: routePath('referrer') },
]

/** The link columns of a brand without a footer columns block. */
const DEFAULT_COLUMNS = [
  { title: MESSAGES.pageShop, links: SHOP_LINKS },
  { title: MESSAGES.pageHelp, links: HELP_LINKS },
]

const GUEST_ACCOUNT_LINKS: Array<FooterLink> = [
  { label: MESSAGES.pageSignIn, href: routePath('login') },
  { label: MESSAGES.pageRegister, href: routePath('register') },
  { label: MESSAGES.pageMyOrders, href: routePath('member-orders') },
]

const MEMBER_ACCOUNT_LINKS: Array<FooterLink> = [
  { label: MESSAGES.pageMyAccount, href: routePath('member') },
  { label: MESSAGES.pageMyOrders, href: routePath('member-orders') },
]

export const LEGAL_LINKS: Array<FooterLink> = [
  { label: MESSAGES.pageTermsAndConditions, href: routePath('terms') },
  { label: MESSAGES.pagePrivacyPolicy, href: routePath('privacy-policy') },
  { label: MESSAGES.pageCookiePolicy, href: routePath('cookie-policy') },
]

const LINK_CLASS = 'inline-flex min-h-8 items-center text-white/85 hover:text-white hover:underline'

function FooterColumn({
  heading,
  links,
  children,
}: {
  heading: string
  links: Array<FooterLink>
  children?: ReactNode
}) {
  // A brand's own columns are its words, said as written; the default ones are catalogue text.
  const text = useText()
  return (
    <nav aria-label={text(heading)}>
      <h2 className="text-base font-bold">{text(heading)}</h2>
      <ul className="mt-3 space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={LINK_CLASS}>
              {text(link.label)}
            </a>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  )
}

/** The brand's links of one kind (social, app stores) as icon links, or nothing when it has none. */
function BrandLinkList<Channel extends BrandLink['channel']>({
  label,
  links,
  channels,
  listClassName,
  linkClassName,
  text,
}: {
  label: string
  links: Array<BrandLink>
  channels: Record<Channel, { label: string; Icon: typeof AppleIcon }>
  listClassName: string
  linkClassName: string
  /** What the link says beside its icon, given the channel's label. */
  text: (label: string) => ReactNode
}) {
  const say = useText()
  if (links.length === 0) return null
  return (
    <ul className={listClassName} aria-label={say(label)}>
      {links.map((link) => {
        const { label: channelLabel, Icon } = channels[link.channel as Channel]
        return (
          <li key={link.channel}>
            <a href={link.url} rel="noopener" className={linkClassName}>
              <Icon className="size-5" />
              {text(channelLabel)}
            </a>
          </li>
        )
      })}
    </ul>
  )
}

function linksOf<Kind extends BrandLink['kind']>(links: Array<BrandLink>, kind: Kind) {
  return links.filter((link) => link.kind === kind)
}

/**
 * The site footer: link columns (the account one by sign-in state), Stay In Touch, social and app links, legal links. The sign-up is
 * an island only where the page hydrates something else too, so informational pages ship no script.
 */
export function Footer({
  brand,
  signedIn,
  interactiveSignup,
  content,
}: {
  brand: Brand | null
  /** Whether the shopper is signed in: the account column offers their account and sign-out. */
  signedIn: boolean
  /** Hydrate the sign-up (pages that load islands anyway); otherwise it is a plain HTML form. */
  interactiveSignup: boolean
  /** The brand's footer blocks (columns, stay-in-touch, legal line); null parts: defaults. */
  content: SiteContent
}) {
  const year = useRenderNow().getUTCFullYear()
  const text = useText()
  const social = brand ? linksOf(brand.links, 'social') : []
  const apps = brand ? linksOf(brand.links, 'app_store') : []
  return (
    <footer className="mt-auto border-t-4 border-primary bg-gray-900 text-white">
      {brand ? (
        <div className="mx-auto grid max-w-6xl gap-x-4 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[3fr_1.4fr]">
          <div className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
            {(content.footerColumns ?? DEFAULT_COLUMNS).map((column) => (
              <FooterColumn key={column.title} heading={column.title} links={column.links} />
            ))}
            {/* The account column follows the session, like the header. */}
            <FooterColumn
              heading={MESSAGES.pageAccount}
              links={signedIn ? MEMBER_ACCOUNT_LINKS : GUEST_ACCOUNT_LINKS}
            >
              {signedIn ? (
                <li>
                  <form method="post" action={LOGOUT_PATH}>
                    <button type="submit" className={`${LINK_CLASS} cursor-pointer`}>
                      {text(MESSAGES.pageSignOut)}
                    </button>
                  </form>
                </li>
              ) : null}
            </FooterColumn>
          </div>
          <div>
            {interactiveSignup ? (
              <StayInTouchIsland brandName={brand.name} {...content.stayInTouch} />
            ) : (
              <StayInTouch brandName={brand.name} {...content.stayInTouch} />
            )}
            <BrandLinkList
              label={MESSAGES.pageFollowUs}
              links={social}
              channels={SOCIAL}
              listClassName="mt-5 flex gap-2"
              linkClassName="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              text={(label) => (
                <span className="sr-only">{text(MESSAGES.pageBrandOn, brand.name, label)}</span>
              )}
            />
            <BrandLinkList
              label={MESSAGES.pageGetTheApp}
              links={apps}
              channels={APP_STORES}
              listClassName="mt-4 flex flex-wrap gap-2"
              linkClassName="inline-flex min-h-11 items-center gap-2 rounded-lg border border-white/30 px-3 text-sm font-semibold hover:bg-white/10"
              text={(label) => text(label)}
            />
          </div>
        </div>
      ) : null}
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm text-white/80 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <p>
              © {year} {brand?.name ?? text(MESSAGES.pageStorefront)}
            </p>
            {brand && content.legalHtml ? (
              // Safe HTML: rendered and sanitised by worker/lib/markdown.ts.
              <div
                data-legal-line=""
                className="mt-1 max-w-2xl text-xs text-white/75 [&_a]:underline"
                dangerouslySetInnerHTML={{ __html: content.legalHtml }}
              />
            ) : null}
          </div>
          <nav aria-label={text(MESSAGES.pageTermsAndPolicies)}>
            <ul className="flex flex-wrap gap-x-5 gap-y-1">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="hover:text-white hover:underline">
                    {text(link.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
