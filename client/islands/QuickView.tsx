import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore } from 'react'
import type { MenuItemSummary } from '../../schemas/catalogue.ts'
import { itemHref } from '../lib/catalogue-links.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface QuickViewProps {
  storeId: number
  storeSlug: string
  item: MenuItemSummary
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

const subscribeToNothing = () => () => undefined

const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90'

// The dialog (Radix, the option picker) is its own chunk, fetched when a shopper points at or
// focuses a card's button, so a grid of cards costs only this small island.
const loadDialog = () => import('../components/item/QuickViewDialog.tsx')
const QuickViewDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.QuickViewDialog }))
)

/**
 * A card's quick view (spec §3 Menu item): a dialog with the item's pictures, badge, prices,
 * description, ingredients and the same option picker as the item page, loaded when opened.
 * The button sits in a GET form to the item page: without JavaScript it goes there; pressed
 * before the island hydrates, the loader holds the press until it can open the dialog (ADR 003).
 * Closing returns focus to the button.
 */
export function QuickView({ storeId, storeSlug, item, islandId }: QuickViewProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const text = useText()
  const [open, setOpen] = useState(false)
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // False on the server and while hydrating: only a hydrated button opens a dialog.
  const interactive = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false
  )
  return (
    <>
      <form
        method="get"
        action={itemHref(storeSlug, item)}
        onSubmit={(event) => {
          event.preventDefault()
          setOpener(buttonRef.current)
          setOpen(true)
        }}
      >
        <button
          ref={buttonRef}
          type="submit"
          aria-haspopup={interactive ? 'dialog' : undefined}
          aria-expanded={interactive ? open : undefined}
          className={buttonClass}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
        >
          {text(item.addToBasketType === 'options' ? MESSAGES.pageChooseOptions : MESSAGES.pageAdd)}
          <span className="sr-only"> {item.name}</span>
        </button>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <QuickViewDialog
            storeId={storeId}
            storeSlug={storeSlug}
            item={item}
            idBase={id}
            opener={opener}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
