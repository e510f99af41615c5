import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import { ModalDialog } from '../ModalDialog.tsx'
import { useMoney } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The sandbox wallet sheet (no wallet merchant in sandbox mode): the amount, the test outcome to
 * ask for, and Pay / Cancel. Pay fetches a signed single-use sandbox token carrying the outcome.
 */
export function SandboxWalletSheet({
  name,
  total,
  onPay,
  onCancel,
}: {
  name: string
  total: number
  onPay: (outcome: 'approve' | 'decline') => void
  onCancel: () => void
}) {
  const money = useMoney()
  const text = useText()
  const [outcome, setOutcome] = useState<'approve' | 'decline'>('approve')
  return (
    <ModalDialog onCancel={onCancel}>
      <Dialog.Title className="text-lg font-extrabold">
        {text(MESSAGES.pageSandboxNamed, name)}
      </Dialog.Title>
      <Dialog.Description className="mt-2 text-ink/80">
        {text(MESSAGES.sandboxBanner)} {text(MESSAGES.pagePayTotal, money(total))}.
      </Dialog.Description>
      <fieldset className="mt-4">
        <legend className="font-semibold">{text(MESSAGES.pageTestOutcome)}</legend>
        {(['approve', 'decline'] as const).map((value) => (
          <label key={value} className="mt-2 flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="sandbox-wallet-outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="size-5 accent-primary"
            />
            {text(value === 'approve' ? MESSAGES.pageApproved : MESSAGES.pageDeclined)}
          </label>
        ))}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <button
            type="button"
            className="min-h-11 rounded-full px-5 text-sm font-semibold ring-1 ring-black/20 hover:bg-tint"
          >
            {text(MESSAGES.pageCancel)}
          </button>
        </Dialog.Close>
        <button
          type="button"
          onClick={() => onPay(outcome)}
          className="min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-on-primary hover:brightness-90"
        >
          {text(MESSAGES.pagePayTotal, money(total))}
        </button>
      </div>
    </ModalDialog>
  )
}
