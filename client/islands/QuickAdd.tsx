import { useId, useRef, useState } from 'react'
import type { MenuItemSummary } from '../../schemas/catalogue.ts'
import { formatMessage } from '../../schemas/messages.ts'
import { useAddToBasket } from '../components/basket/use-add-to-basket.tsx'
import { itemHref } from '../components/catalogue/catalogue-links.ts'

export interface QuickAddProps {
  storeId: number
  storeSlug: string
  item: Pick<MenuItemSummary, 'id' | 'slug' | 'name' | 'ageRestriction'> & {
    category: { slug: string }
  }
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90 disabled:opacity-60'

/**
 * A card's one-press add for a simple item (no options): adds one, asking an age-restricted
 * item's confirmation first. The button sits in a GET form to the item page: without JavaScript
 * it goes there; pressed before the island hydrates, the loader holds the press and makes it again
 * once hydrated (ADR 003), so the first press adds.
 */
export function QuickAdd({ storeId, storeSlug, item, islandId }: QuickAddProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const buttonRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const [askingAge, setAskingAge] = useState(false)
  const { status, add, dialog } = useAddToBasket()
  const statusId = `${id}-status`
  const ageId = `${id}-age`

  function addOne(ageConfirmed: boolean) {
    void add(
      { storeId, itemId: item.id, quantity: 1, choices: [], ageConfirmed },
      `1 × ${item.name}`,
      buttonRef.current
    )
  }

  function onPress() {
    if (item.ageRestriction !== null) {
      setAskingAge(true)
      // The confirmation renders next; move focus to it once it is there.
      setTimeout(() => confirmRef.current?.focus(), 0)
      return
    }
    addOne(false)
  }

  return (
    <>
      <form
        method="get"
        action={itemHref(storeSlug, item)}
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          onPress()
        }}
      >
        {askingAge && item.ageRestriction !== null ? (
          <div role="group" aria-labelledby={ageId} className="flex flex-col gap-1">
            <p id={ageId} className="text-xs font-semibold">
              {formatMessage('ageRestricted', item.ageRestriction)}
            </p>
            <button
              ref={confirmRef}
              type="button"
              className={buttonClass}
              onClick={() => {
                setAskingAge(false)
                addOne(true)
                buttonRef.current?.focus()
              }}
            >
              I am {item.ageRestriction} or over
            </button>
            <button
              type="button"
              className="min-h-11 rounded-full text-sm font-semibold ring-1 ring-black/20"
              onClick={() => {
                setAskingAge(false)
                buttonRef.current?.focus()
              }}
            >
              Cancel
            </button>
          </div>
        ) : null}
        <button
          ref={buttonRef}
          type="submit"
          hidden={askingAge}
          disabled={status.kind === 'adding'}
          aria-describedby={statusId}
          className={buttonClass}
        >
          Add<span className="sr-only"> {item.name}</span>
        </button>
        <p id={statusId} role="status" className="text-xs font-semibold empty:hidden">
          {status.kind === 'adding' ? 'Adding…' : null}
          {status.kind === 'added' ? status.message : null}
          {status.kind === 'failed' ? <span className="text-red-700">{status.message}</span> : null}
        </p>
      </form>
      {dialog}
    </>
  )
}
