import { lazy, Suspense, useState, type ReactNode } from 'react'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  actionFailureMessage,
  addedCost,
  addToBasket,
  isStoreConflict,
  type AddItemRequest,
} from '../../lib/basket.ts'
import { formatMoney } from '../../../schemas/money.ts'

// Most adds never meet another store's basket: the dialog's code loads only when one does.
const OverwriteDialog = lazy(() =>
  import('./OverwriteDialog.tsx').then((module) => ({ default: module.OverwriteDialog }))
)

/** Where an add stands, for the status line next to the button. */
export type AddStatus =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added'; message: string }
  | { kind: 'failed'; message: string }

/**
 * Adds to the basket with the spec's answers: success names the line and the new basket total,
 * a refusal shows the server's message, and a basket of another store asks first (Confirm adds
 * again with overwrite; Cancel changes nothing).
 */
export function useAddToBasket(): {
  status: AddStatus
  setStatus: (status: AddStatus) => void
  add: (request: AddItemRequest, line: string, opener: HTMLElement | null) => Promise<void>
  dialog: ReactNode
} {
  const [status, setStatus] = useState<AddStatus>({ kind: 'idle' })
  const [conflict, setConflict] = useState<{
    request: AddItemRequest
    line: string
    opener: HTMLElement | null
  } | null>(null)

  async function add(request: AddItemRequest, line: string, opener: HTMLElement | null) {
    setStatus({ kind: 'adding' })
    try {
      const basket = await addToBasket(request)
      const cost = addedCost(basket, request)
      setStatus({
        kind: 'added',
        message: formatMessage(
          'addedToBasket',
          cost === null ? line : `${line}, ${formatMoney(cost)}`
        ),
      })
    } catch (error) {
      if (isStoreConflict(error) && !request.overwrite) {
        setStatus({ kind: 'idle' })
        setConflict({ request, line, opener })
        return
      }
      setStatus({ kind: 'failed', message: actionFailureMessage(error, MESSAGES.addItemFailed) })
    }
  }

  const dialog = conflict ? (
    <Suspense fallback={null}>
      <OverwriteDialog
        opener={conflict.opener}
        onCancel={() => setConflict(null)}
        onConfirm={() => {
          setConflict(null)
          void add({ ...conflict.request, overwrite: true }, conflict.line, conflict.opener)
        }}
      />
    </Suspense>
  ) : null

  return { status, setStatus, add, dialog }
}
