import type { ReactNode } from 'react'
import type { PageChrome } from '../../lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../store-console/ConsoleLayout.tsx'

/** The operator console's areas as its navigation lists them (paths come from the worker). */
export interface OperatorNavItem {
  area: string
  label: string
  href: string
}

/** What every operator page gets from the worker around its own content. */
export interface OperatorFrame {
  chrome: PageChrome
  user: ConsoleUser
  links: ConsoleLinks
  nav: ReadonlyArray<OperatorNavItem>
  /** The area this page belongs to (its nav item is marked current), or null on the overview. */
  current: string | null
}

/**
 * The operator console's frame (ADR 027): the store console's header and sign-out, then the
 * areas as a navigation bar (scrolls sideways on a phone), then the page. Desktop first: the
 * pages are tables and forms an operator works through at a desk.
 */
export function OperatorLayout({
  frame,
  title,
  intro,
  actions,
  children,
}: {
  frame: OperatorFrame
  title: string
  intro?: ReactNode
  /** Buttons or links beside the title ("Add a store"). */
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <ConsoleLayout
      chrome={frame.chrome}
      user={frame.user}
      links={frame.links}
      wide
      consoleName="Operator console"
    >
      {/* The tabs wrap onto more lines rather than scroll: a phone sees every area at once. */}
      <nav aria-label="Operator console" className="mb-6">
        <ul className="flex flex-wrap gap-x-1 border-b-2 border-black/10">
          {frame.nav.map((item) => {
            const current = item.area === frame.current
            return (
              <li key={item.area}>
                <a
                  href={item.href}
                  {...(current ? { 'aria-current': 'page' as const } : {})}
                  className={`-mb-0.5 inline-flex min-h-11 items-center border-b-4 px-3 font-semibold ${
                    current
                      ? 'border-primary text-ink'
                      : 'border-transparent text-ink/80 hover:border-black/20'
                  }`}
                >
                  {item.label}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
          {intro ? <div className="mt-1 max-w-3xl text-ink/80">{intro}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-6">{children}</div>
    </ConsoleLayout>
  )
}
