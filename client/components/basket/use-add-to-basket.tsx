import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  actionFailureMessage,
  addedCost,
  addToBasket,
  basketAtAnotherStore,
  confirmBasketChange,
  type AddItemRequest,
  type BasketAtAnotherStore,
} from '../../lib/basket.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

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
 * One add to the basket, whatever it adds (an item, a meal deal): `send` posts it (overwrite
 * replaces a basket of another store) and `cost` finds what it cost in the answer, null if unsure.
 */
export interface BasketAdd {
  send: (overwrite: boolean) => Promise<Basket>
  cost: (basket: Basket) => number | null
}

function itemAdd(request: AddItemRequest): BasketAdd {
  return {
    send: (overwrite) => addToBasket({ ...request, overwrite: request.overwrite || overwrite }),
    cost: (basket) => addedCost(basket, request),
  }
}

/**
 * Adds to the basket with the spec's answers: success names the line and what it cost, a
 * refusal shows the server's message, and a basket of another store asks first, naming what it
 * would lose ('Empty basket and add' adds again with overwrite; 'Keep my basket' changes nothing). `add` adds an item; `addWith` any other add.
 */
export function useAddToBasket(
  options: {
    /** The island shows the success in its own status line, so the header only shows it. */
    saysAdded?: boolean
  } = {}
): {
  status: AddStatus
  setStatus: (status: AddStatus) => void
  add: (request: AddItemRequest, line: string, opener: HTMLElement | null) => Promise<void>
  addWith: (basketAdd: BasketAdd, line: string, opener: HTMLElement | null) => Promise<void>
  dialog: ReactNode
} {
  const formatMoney = useMoney()
  const text = useText()
  const [status, setStatus] = useState<AddStatus>({ kind: 'idle' })
  const [conflict, setConflict] = useState<{
    basketAdd: BasketAdd
    line: string
    opener: HTMLElement | null
    current: BasketAtAnotherStore
  } | null>(null)

  async function run(
    basketAdd: BasketAdd,
    line: string,
    opener: HTMLElement | null,
    overwrite: boolean
  ) {
    setStatus({ kind: 'adding' })
    try {
      const basket = await basketAdd.send(overwrite)
      confirmBasketChange('added', line, basket, { saidByIsland: options.saysAdded === true })
      const cost = basketAdd.cost(basket)
      setStatus({
        kind: 'added',
        message: text(
          MESSAGES.addedToBasket,
          cost === null ? line : `${line}, ${formatMoney(cost)}`
        ),
      })
    } catch (error) {
      const current = overwrite ? null : basketAtAnotherStore(error)
      if (current) {
        setStatus({ kind: 'idle' })
        setConflict({ basketAdd, line, opener, current })
        return
      }
      setStatus({ kind: 'failed', message: actionFailureMessage(error, MESSAGES.addItemFailed) })
    }
  }

  const addWith = (basketAdd: BasketAdd, line: string, opener: HTMLElement | null) =>
    run(basketAdd, line, opener, false)
  const add = (request: AddItemRequest, line: string, opener: HTMLElement | null) =>
    run(itemAdd(request), line, opener, request.overwrite ?? false)

  const dialog = conflict ? (
    <Suspense fallback={null}>
      <OverwriteDialog
        opener={conflict.opener}
        current={conflict.current}
        onCancel={() => setConflict(null)}
        onConfirm={() => {
          setConflict(null)
          void run(conflict.basketAdd, conflict.line, conflict.opener, true)
        }}
      />
    </Suspense>
  ) : null

  return { status, setStatus, add, addWith, dialog }
}
