import type { ReactNode } from 'react'
import { routePath, type RouteName } from '../../lib/routes.ts'
import { Layout } from '../Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The member area's sections, in the order the navigation lists them. */
export const MEMBER_SECTIONS = [
  { route: 'member', label: MESSAGES.pageMyAccount },
  { route: 'member-orders', label: MESSAGES.pageMyOrders },
  { route: 'member-addresses', label: MESSAGES.pageAddresses },
  { route: 'member-my-details', label: MESSAGES.pageMyDetails },
  { route: 'member-profile', label: MESSAGES.pageProfileAndPreferences },
  { route: 'member-cards', label: MESSAGES.pageSavedCards },
  { route: 'member-loyalty', label: MESSAGES.pageLoyaltyAndCredit },
  { route: 'member-change-password', label: MESSAGES.pageChangePassword },
] as const satisfies ReadonlyArray<{ route: RouteName; label: string }>

export type MemberSectionRoute = (typeof MEMBER_SECTIONS)[number]['route']

export interface MemberShellProps {
  chrome: PageChrome
  /** The section the page belongs to: its link is marked current. */
  active: MemberSectionRoute
  /** The page's one heading. */
  title: string
  /** The page has islands of its own (Layout's flag). */
  interactive?: boolean
  children: ReactNode
}

/**
 * Every member page's frame: the section navigation (a scrolling row on a phone, a side column
 * from the tablet width up) beside the page's content.
 */
export function MemberShell({
  chrome,
  active,
  title,
  interactive = false,
  children,
}: MemberShellProps) {
  // A title is catalogue English (MESSAGES.x) or said already by its page.
  const text = useText()
  return (
    <Layout chrome={chrome} interactive={interactive}>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 md:grid md:grid-cols-[14rem_1fr] md:gap-8">
        <nav aria-label={text(MESSAGES.pageMyAccount)} className="mb-6 md:mb-0">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:gap-1 md:px-0">
            {MEMBER_SECTIONS.map(({ route, label }) => {
              const current = route === active
              return (
                <li key={route} className="shrink-0">
                  <a
                    href={routePath(route)}
                    aria-current={current ? 'page' : undefined}
                    className={
                      current
                        ? 'flex min-h-11 items-center rounded-xl bg-primary px-3 font-semibold text-on-primary'
                        : 'flex min-h-11 items-center rounded-xl px-3 font-semibold text-ink hover:bg-tint'
                    }
                  >
                    {text(label)}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
        <section aria-labelledby="member-title" className="min-w-0">
          <h1 id="member-title" className="mb-6 text-3xl font-extrabold tracking-tight">
            {text(title)}
          </h1>
          {children}
        </section>
      </div>
    </Layout>
  )
}
