import * as Dialog from '@radix-ui/react-dialog'
import { MESSAGES } from '../../../schemas/messages.ts'

export interface OverwriteDialogProps {
  onConfirm: () => void
  onCancel: () => void
  /** Where focus returns when the dialog closes: the button that tried to add. */
  opener: HTMLElement | null
}

/**
 * Asks before an add replaces a basket of another store (spec §8 overwrite confirmation). Loaded
 * on demand by the add buttons: most adds never need it.
 */
export function OverwriteDialog({ onConfirm, onCancel, opener }: OverwriteDialogProps) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            opener?.focus()
          }}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-extrabold">Start a new basket?</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink/80">
            {MESSAGES.basketOverwrite}
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <button
                type="button"
                className="min-h-11 rounded-full px-5 text-sm font-semibold ring-1 ring-black/20 hover:bg-tint"
              >
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              onClick={onConfirm}
              className="min-h-11 rounded-full bg-primary px-5 text-sm font-semibold text-on-primary hover:brightness-90"
            >
              Confirm
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
