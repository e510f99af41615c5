import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement } from 'react'
import type {
  OperatorFrame,
  OperatorNavItem,
} from '../../../../client/components/operator/OperatorLayout.tsx'
import { ConsoleLayout } from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { StaffProfile } from '../../../../schemas/staff.ts'
import type { AppEnv } from '../../../env.ts'
import { OPERATOR_PATHS, type OperatorArea } from '../../../lib/operator-paths.ts'
import { consoleFrame } from '../frame.ts'
import { renderConsole } from '../render.tsx'

/** The console's areas in the order the navigation and the overview list them. */
export const OPERATOR_AREAS: ReadonlyArray<{
  area: OperatorArea
  label: string
  description: string
}> = [
  {
    area: 'insight',
    label: 'Insight',
    description:
      'Sales, orders, shoppers, the checkout funnel, fill and on-time rates, by day or week.',
  },
  {
    area: 'brands',
    label: 'Brands',
    description:
      'Names, logos, colours, fonts and settings of each brand, and the domains it is on.',
  },
  {
    area: 'stores',
    label: 'Stores',
    description:
      'Addresses, opening hours and closures, delivery zones, fees, slots and lead times.',
  },
  {
    area: 'catalogue',
    label: 'Catalogue',
    description:
      'Import and export items as CSV, product images, and each store’s prices and stock.',
  },
  {
    area: 'promotions',
    label: 'Promotions',
    description: 'Deals, meal deals, coupons and banners, with their dates and limits.',
  },
  {
    area: 'content',
    label: 'Content',
    description: 'Frequently asked questions, content pages and redirects.',
  },
  {
    area: 'staff',
    label: 'Staff',
    description: 'Invite people, give them roles at each store, change them, or end their access.',
  },
  {
    area: 'reasons',
    label: 'Order reasons',
    description: 'The reasons a store can give when it rejects or cancels an order.',
  },
  {
    area: 'archive',
    label: 'Order archive',
    description: 'How long finished orders stay online, and restoring an archived order.',
  },
  {
    area: 'effects',
    label: 'Failed tasks',
    description:
      'Emails, notices and refunds that could not be completed after every retry, to try again.',
  },
  {
    area: 'money',
    label: 'Money not settled',
    description:
      'Refunds, voids and captures a payment gateway has not confirmed, to ask it again.',
  },
  {
    area: 'audit',
    label: 'Audit log',
    description: 'Every change made here: who, what, and the values before and after.',
  },
]

const NAV: ReadonlyArray<OperatorNavItem> = [
  { area: 'home', label: 'Overview', href: OPERATOR_PATHS.home },
  ...OPERATOR_AREAS.map(({ area, label }) => ({ area, label, href: OPERATOR_PATHS[area] })),
]

/** What every operator page is framed with: header, sign-out, the areas with this one marked. */
export function operatorFrame(
  chrome: Parameters<typeof consoleFrame>[0],
  staff: StaffProfile,
  current: OperatorArea | 'home'
): OperatorFrame {
  return { ...consoleFrame(chrome, staff), nav: NAV, current }
}

/**
 * Renders an operator page: the console's rendering (never cached, noindex), titled
 * "<title> · Operator console".
 *
 * @example return renderOperator(c, 'Stores', (chrome) => <StoresList frame={operatorFrame(chrome, staff, 'stores')} … />)
 */
export function renderOperator(
  c: Context<AppEnv>,
  title: string,
  render: Parameters<typeof renderConsole>[2],
  status: ContentfulStatusCode = 200
): Promise<Response> {
  return renderConsole(c, `${title} · Operator console`, render, status)
}

/** The 403 page a member of staff without the operator role gets on an operator path. */
export function renderOperatorRefusal(c: Context<AppEnv>, staff: StaffProfile): Promise<Response> {
  return renderConsole(
    c,
    'Operator console',
    (chrome): ReactElement => (
      <ConsoleLayout {...consoleFrame(chrome, staff)} consoleName="Operator console">
        <h1 className="text-2xl font-extrabold tracking-tight">Operator console</h1>
        <p role="alert" tabIndex={-1} autoFocus className="mt-4 font-semibold">
          {MESSAGES.operatorOnly}
        </p>
      </ConsoleLayout>
    ),
    403
  )
}
