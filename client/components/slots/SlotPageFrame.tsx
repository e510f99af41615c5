import type { ReactNode } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { StoreAvailability } from '../../../schemas/stores.ts'
import { daysInAdvanceLabel } from '../../lib/format.ts'
import type { FulfilmentMethod } from '../../lib/slots.ts'
import { AlertIcon } from '../icons.tsx'
import { Layout } from '../Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { StoreAvailabilityBadge } from '../StoreAvailabilityBadge.tsx'
import { MethodSwitch } from './MethodSwitch.tsx'
import { useCount, useText } from '../../lib/page-text.ts'

/** What both slot pages show around their choices. */
export interface SlotPageFrameProps {
  chrome: PageChrome
  store: { name: string; slug: string; availability: StoreAvailability; timeZone: string }
  title: string
  daysInAdvance: number
  methods: ReadonlyArray<FulfilmentMethod>
  method: FulfilmentMethod
  methodHref: (method: FulfilmentMethod) => string
  /** The basket's slot lapsed (the page loaded with an expired hold, or a guard sent it here). */
  expired: boolean
  /** Where the back link goes: the basket or checkout in change mode, else the store. */
  back: { href: string; label: string }
  /** Shown under the method switch, before the choices (e.g. where a delivery goes). */
  notice?: ReactNode
  children: ReactNode
}

/** Heading, back link, expiry notice and the delivery/collection switch of the slot pages. */
export function SlotPageFrame(props: SlotPageFrameProps) {
  const text = useText()
  const count = useCount()
  const advance = daysInAdvanceLabel(props.daysInAdvance, text, count)
  return (
    <Layout chrome={props.chrome} interactive>
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <a
          href={props.back.href}
          className="inline-flex min-h-11 items-center text-sm font-semibold underline-offset-4 hover:underline"
        >
          <span aria-hidden="true">←&nbsp;</span>
          {props.back.label}
        </a>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{props.title}</h1>
        <p className="mt-1 text-ink/80">
          {props.store.name}
          {advance ? ` · ${advance}` : ''}
        </p>
        {/* A store with no slot left today says when it opens again (Closed — opens 07:00 tomorrow). */}
        <StoreAvailabilityBadge
          availability={props.store.availability}
          timeZone={props.store.timeZone}
          className="mt-2"
        />
        {props.expired ? (
          <p
            role="alert"
            className="mt-4 flex items-start gap-2 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
          >
            <AlertIcon className="mt-0.5 size-5 shrink-0" />
            {text(MESSAGES.slotExpired)}
          </p>
        ) : null}
        <MethodSwitch methods={props.methods} current={props.method} hrefFor={props.methodHref} />
        {props.notice}
        {props.children}
      </div>
    </Layout>
  )
}
