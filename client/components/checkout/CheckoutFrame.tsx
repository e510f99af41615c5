import type { ReactNode } from 'react'
import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The steps a shopper sees in the progress line; the sign-in steps count as 'Your details'. */
const PROGRESS = [
  { key: 'details', label: 'Your details', href: routePath('checkout-details') },
  { key: 'payment', label: 'Payment', href: routePath('checkout-payment') },
  { key: 'done', label: 'Confirmation', href: null },
] as const

export type CheckoutProgress = (typeof PROGRESS)[number]['key']

/**
 * A checkout step's frame: the progress line (earlier steps are links back) and the step's
 * heading, phone first, two columns on desktop when the step has an aside (the order summary).
 */
export function CheckoutFrame({
  title,
  progress,
  aside,
  children,
}: {
  title: string
  progress: CheckoutProgress
  aside?: ReactNode
  children: ReactNode
}) {
  const text = useText()
  const current = PROGRESS.findIndex((step) => step.key === progress)
  // Once the order is placed its checkout is closed: the earlier steps are no way back.
  const linked = progress !== 'done'
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label={text(MESSAGES.pageCheckoutProgress)} className="mb-5">
        <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
          {PROGRESS.map((step, index) => {
            const state = index < current ? 'done' : index === current ? 'current' : 'todo'
            return (
              <li key={step.key} className="flex items-center gap-2">
                {index > 0 ? <span aria-hidden="true">›</span> : null}
                {state === 'done' && step.href && linked ? (
                  <a
                    href={step.href}
                    className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
                  >
                    {text(step.label)}
                  </a>
                ) : (
                  <span
                    aria-current={state === 'current' ? 'step' : undefined}
                    className={`inline-flex min-h-11 items-center ${state === 'current' ? 'font-bold' : 'text-ink/70'}`}
                  >
                    {text(step.label)}
                  </span>
                )}
              </li>
            )
          })}
        </ol>
      </nav>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">{text(title)}</h1>
      {aside ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="flex flex-col gap-6">{children}</div>
          <aside aria-label={text(MESSAGES.pageOrderSummary)} className="lg:sticky lg:top-4">
            {aside}
          </aside>
        </div>
      ) : (
        <div className="flex max-w-2xl flex-col gap-6">{children}</div>
      )}
    </div>
  )
}

/** A white card around one part of a step. */
export function CheckoutCard({
  title,
  titleId,
  children,
}: {
  title?: string
  titleId?: string
  children: ReactNode
}) {
  const text = useText()
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className="rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-6"
    >
      {title ? (
        <h2 id={titleId} className="mb-4 text-xl font-bold">
          {text(title)}
        </h2>
      ) : null}
      {children}
    </section>
  )
}

/** The sandbox banner (spec §4 Payment outcomes): shown on every payment step in sandbox mode. */
export function SandboxBanner({ sandbox }: { sandbox: boolean }) {
  const text = useText()
  if (!sandbox) return null
  return (
    <p
      role="note"
      className="rounded-xl bg-amber-50 p-3 font-semibold text-amber-950 ring-1 ring-amber-700/50"
    >
      {text(MESSAGES.pageSandboxMode)}
    </p>
  )
}

const LINK_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-xl px-5 font-bold focus-visible:outline-3 focus-visible:outline-offset-2'

/** A link styled as the step's main or secondary button. */
export function StepLink({
  href,
  children,
  variant = 'primary',
}: {
  href: string
  children: ReactNode
  variant?: 'primary' | 'secondary'
}) {
  const text = useText()
  const look =
    variant === 'primary'
      ? 'bg-primary text-on-primary hover:brightness-90'
      : 'border-2 border-primary bg-white text-primary hover:bg-tint'
  return (
    <a href={href} className={`${LINK_BUTTON} ${look}`}>
      {typeof children === 'string' ? text(children) : children}
    </a>
  )
}
