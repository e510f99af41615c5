import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore } from 'react'
import type { MenuItemSummary } from '../../schemas/catalogue.ts'
import { itemHref } from '../components/catalogue/catalogue-links.ts'

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
 * Until the island runs it is a link to the item page; closing returns focus to the button.
 */
export function QuickView({ storeId, storeSlug, item, islandId }: QuickViewProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const [open, setOpen] = useState(false)
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // False on the server and while hydrating: the link works before the dialog can.
  const interactive = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false
  )
  const label = (
    <>
      {item.addToBasketType === 'options' ? 'Choose options' : 'Add'}
      <span className="sr-only"> {item.name}</span>
    </>
  )
  if (!interactive) {
    return (
      <a href={itemHref(storeSlug, item)} className={buttonClass}>
        {label}
      </a>
    )
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonClass}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setOpener(buttonRef.current)
          setOpen(true)
        }}
      >
        {label}
      </button>
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
