import { useState, type FormEvent, type ReactNode } from 'react'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import type { BasketCoupon } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { routePath } from '../../lib/routes.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The coupon: a code box when none is applied (its failure message under it), else the applied
 * code with what it takes off, why it takes nothing (e.g. sign in first) and a remove button.
 */
export function CouponForm({
  coupon,
  busy,
  error,
  robotWidget,
  onApply,
  onRemove,
}: {
  coupon: BasketCoupon | null
  busy: boolean
  error: string | null
  /** The robot-check widget (Turnstile), when the brand uses one. */
  robotWidget?: ReactNode
  onApply: (code: string) => void
  onRemove: () => void
}) {
  const formatMoney = useMoney()
  const text = useText()
  const [code, setCode] = useState('')
  const errorBlock = error ? (
    // A refused coupon's message takes focus when it appears (issue 35 item 15).
    <p
      id="coupon-error"
      role="alert"
      tabIndex={-1}
      autoFocus
      className="text-sm font-semibold text-red-700"
    >
      {error}
    </p>
  ) : null

  if (coupon) {
    return (
      <section aria-labelledby="coupon-title" className="flex flex-col gap-2">
        <h2 id="coupon-title" className="font-bold">
          {text(MESSAGES.pageCoupon)}
        </h2>
        <div className="flex items-center justify-between gap-2 rounded-2xl bg-tint p-3">
          <div className="min-w-0 text-sm">
            <p className="font-bold tracking-wide">{coupon.code}</p>
            {coupon.description ? <p className="text-ink/80">{coupon.description}</p> : null}
            {coupon.discount > 0 ? (
              <p className="font-semibold">−{formatMoney(coupon.discount)}</p>
            ) : null}
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={onRemove}
            className="min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-red-700 hover:underline disabled:opacity-50"
          >
            {text(MESSAGES.pageRemove)}
            <span className="sr-only"> {text(MESSAGES.pageCouponLower, coupon.code)}</span>
          </button>
        </div>
        {coupon.needsReapply ? (
          // The backend's message is the call to action ('Sign in to use this coupon'): one link,
          // not the sentence and a second 'Sign in' after it.
          <p className="text-sm">
            <a href={routePath('login')} className="font-semibold text-primary underline">
              {coupon.message ?? text(MESSAGES.couponSignIn)}
            </a>
          </p>
        ) : coupon.message ? (
          <p className="text-sm font-semibold text-amber-800">{coupon.message}</p>
        ) : null}
        {errorBlock}
      </section>
    )
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (code.trim() !== '') onApply(code.trim())
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor="coupon-code" className="font-bold">
        {text(MESSAGES.pageCouponCode)}
      </label>
      <div className="flex gap-2">
        <input
          id="coupon-code"
          name="coupon"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={TEXT_MAX_LENGTH.coupon}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : undefined}
          // w-full: without a width the box counts its intrinsic 20 characters, and a longer
          // button (Dutch "Toepassen") pushed the basket wider than a 390 px phone.
          className="min-h-11 w-full min-w-0 flex-1 rounded-xl px-3 uppercase ring-1 ring-black/30"
        />
        <button
          type="submit"
          disabled={busy || code.trim() === ''}
          className="min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-on-primary hover:brightness-90 disabled:opacity-60"
        >
          {text(MESSAGES.pageApply)}
        </button>
      </div>
      {robotWidget}
      {errorBlock}
    </form>
  )
}
