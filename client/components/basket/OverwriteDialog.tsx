import * as Dialog from '@radix-ui/react-dialog'
import { useRef } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import { overwriteLosses, type BasketAtAnotherStore } from '../../lib/basket.ts'
import { ModalDialog } from '../ModalDialog.tsx'
import { useText } from '../../lib/page-text.ts'

export interface OverwriteDialogProps {
  onConfirm: () => void
  onCancel: () => void
  /** Where focus returns when the dialog closes: the button that tried to add. */
  opener: HTMLElement | null
  /** The basket the add would replace: its store and what it holds. */
  current: BasketAtAnotherStore
}

/**
 * Asks before an add replaces a basket of another store (spec §8 overwrite confirmation), naming
 * that store and what would be lost. Keeping the basket is the default: it has the focus, and
 * Escape or a click outside chooses it. Loaded on demand by the add buttons: most adds never need it.
 */
export function OverwriteDialog({ onConfirm, onCancel, opener, current }: OverwriteDialogProps) {
  const keep = useRef<HTMLButtonElement>(null)
  const text = useText()
  return (
    <ModalDialog
      onCancel={onCancel}
      role="alertdialog"
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        keep.current?.focus()
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        opener?.focus()
      }}
    >
      <Dialog.Title className="text-lg font-extrabold">
        {current.storeName
          ? text(MESSAGES.pageReplaceBasketAt, current.storeName)
          : text(MESSAGES.pageReplaceBasket)}
      </Dialog.Title>
      <Dialog.Description asChild>
        <div className="mt-2 flex flex-col gap-2 text-ink/80">
          <p>{text(MESSAGES.basketOverwrite)}</p>
          <p className="font-semibold text-ink">{overwriteLosses(current)}</p>
        </div>
      </Dialog.Description>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Dialog.Close asChild>
          <button
            ref={keep}
            type="button"
            className="min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-on-primary hover:brightness-90"
          >
            {text(MESSAGES.pageKeepMyBasket)}
          </button>
        </Dialog.Close>
        <button
          type="button"
          onClick={onConfirm}
          className="min-h-11 rounded-full px-5 text-sm font-semibold text-red-800 ring-1 ring-red-800/40 hover:bg-red-50"
        >
          {text(MESSAGES.pageEmptyBasketAndAdd)}
        </button>
      </div>
    </ModalDialog>
  )
}
