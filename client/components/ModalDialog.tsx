import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

export type ModalDialogProps = Omit<Dialog.DialogContentProps, 'className'> & {
  /** Escape, a click outside and any Dialog.Close inside all end here. */
  onCancel: () => void
  children: ReactNode
}

/**
 * The small centred modal a flow stops on to ask one thing (replace the basket, the sandbox wallet):
 * always open while mounted, so the caller mounts it to ask and unmounts it to close. The caller
 * gives the Title, Description and buttons; focus handling and the role go through to the content.
 */
export function ModalDialog({ onCancel, children, ...content }: ModalDialogProps) {
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
          {...content}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl"
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
