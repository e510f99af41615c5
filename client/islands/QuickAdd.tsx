import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import type { MenuItemSummary } from '../../schemas/catalogue.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { useAddToBasket } from '../components/basket/use-add-to-basket.tsx'
import { useCardLine } from '../components/basket/use-card-line.ts'
import { type CardFocus, useCardStepper } from '../components/basket/use-card-stepper.ts'
import { itemHref } from '../lib/catalogue-links.ts'
import type { CardLine } from '../lib/basket-quantities.ts'
import { ADD_FORM_FIELDS, ADD_ITEM_FORM_PATH } from '../lib/basket-add-form.ts'

export interface QuickAddProps {
  storeId: number
  storeSlug: string
  item: Pick<MenuItemSummary, 'id' | 'slug' | 'name' | 'ageRestriction'> & {
    category: { slug: string }
  }
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

const stepClass =
  'grid size-11 shrink-0 place-items-center rounded-full bg-primary text-xl font-bold text-on-primary hover:brightness-90 aria-disabled:opacity-60'

interface StepProps {
  busy: boolean
  describedBy: string
  onStep: (change: -1 | 1) => void
}

/** One step; stays focusable while a change is under way (aria-disabled), so focus is never lost. */
function StepButton({
  change,
  label,
  buttonRef,
  busy,
  describedBy,
  onStep,
}: StepProps & {
  change: -1 | 1
  label: string
  buttonRef?: RefObject<HTMLButtonElement | null>
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={stepClass}
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
      onClick={() => (busy ? undefined : onStep(change))}
    >
      <span aria-hidden="true">{change === 1 ? '+' : '−'}</span>
      <span className="sr-only">{label}</span>
    </button>
  )
}

/** − quantity + in the Add button's place and height, so nothing moves when it appears. */
function CardStepper({
  name,
  line,
  plusRef,
  ...step
}: StepProps & {
  name: string
  line: CardLine
  plusRef: RefObject<HTMLButtonElement | null>
}) {
  const text = useText()
  return (
    <div
      role="group"
      aria-label={text(MESSAGES.pageNamedInYourBasket, name)}
      className="flex min-h-11 items-center justify-between gap-1 rounded-full bg-tint"
    >
      <StepButton change={-1} label={text(MESSAGES.pageRemoveOne, name)} {...step} />
      <span className="min-w-8 text-center font-bold tabular-nums">
        {line.quantity}
        <span className="sr-only"> {text(MESSAGES.pageInBasket)}</span>
      </span>
      <StepButton
        change={1}
        label={text(MESSAGES.pageAddOneMore, name)}
        buttonRef={plusRef}
        {...step}
      />
    </div>
  )
}

const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center rounded-full bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-90 disabled:opacity-60'

/**
 * A card's one-press add for a simple item (no options): adds one, asking an age-restricted
 * item's confirmation first. Without JavaScript the button posts the add to the worker, which
 * comes back to this page with a flash (an age-restricted item's form goes to the item page,
 * which asks the age); pressed before the island hydrates, the loader holds the press and makes it again
 * once hydrated (ADR 003), so the first press adds. Once the basket holds the item the button
 * becomes a − quantity + stepper (the quantity read in the browser: the card's HTML is shared);
 * − at one removes the line and brings Add back. The header confirms each change.
 */
export function QuickAdd({ storeId, storeSlug, item, islandId }: QuickAddProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const text = useText()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const plusRef = useRef<HTMLButtonElement>(null)
  const [askingAge, setAskingAge] = useState(false)
  const { status, setStatus, add, dialog } = useAddToBasket()
  const line = useCardLine(storeSlug, item.id)
  const statusId = `${id}-status`
  const ageId = `${id}-age`
  // The control pressed disappears when Add becomes the stepper or back: focus follows to its
  // replacement, but only after this card's own press (a basket load moves nothing).
  const focusNext = useRef<CardFocus>(null)
  const { stepping, step } = useCardStepper(item.name, setStatus, focusNext)
  const inBasket = line !== null
  // An age-restricted item needs the shopper's word first: its item page asks for it.
  const postsAdd = item.ageRestriction === null
  useEffect(() => {
    const target = focusNext.current
    if (target === 'plus' && inBasket) plusRef.current?.focus()
    else if (target === 'add' && !inBasket) buttonRef.current?.focus()
    else return
    focusNext.current = null
  }, [inBasket])

  function addOne(ageConfirmed: boolean) {
    focusNext.current = 'plus'
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
        method={postsAdd ? 'post' : 'get'}
        action={postsAdd ? ADD_ITEM_FORM_PATH : itemHref(storeSlug, item)}
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          onPress()
        }}
      >
        {postsAdd ? (
          <>
            <input type="hidden" name={ADD_FORM_FIELDS.storeId} value={storeId} />
            <input type="hidden" name={ADD_FORM_FIELDS.itemId} value={item.id} />
            <input type="hidden" name={ADD_FORM_FIELDS.quantity} value="1" />
          </>
        ) : null}
        {askingAge && item.ageRestriction !== null ? (
          <div role="group" aria-labelledby={ageId} className="flex flex-col gap-1">
            <p id={ageId} className="text-xs font-semibold">
              {text(MESSAGES.ageRestricted, item.ageRestriction)}
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
              {text(MESSAGES.pageIAmAgeOrOver, item.ageRestriction)}
            </button>
            <button
              type="button"
              className="min-h-11 rounded-full text-sm font-semibold ring-1 ring-black/20"
              onClick={() => {
                setAskingAge(false)
                buttonRef.current?.focus()
              }}
            >
              {text(MESSAGES.pageCancel)}
            </button>
          </div>
        ) : null}
        {line ? (
          <CardStepper
            name={item.name}
            line={line}
            busy={stepping}
            plusRef={plusRef}
            describedBy={statusId}
            onStep={(change) => void step(line, change)}
          />
        ) : (
          <button
            ref={buttonRef}
            type="submit"
            hidden={askingAge}
            disabled={status.kind === 'adding'}
            aria-describedby={statusId}
            className={buttonClass}
          >
            {text(MESSAGES.pageAdd)}
            <span className="sr-only"> {item.name}</span>
          </button>
        )}
        {/* Failures and the wait; a success is the stepper itself, and the header says it. */}
        <p id={statusId} role="status" className="text-xs font-semibold empty:hidden">
          {status.kind === 'adding' ? text(MESSAGES.pageAdding) : null}
          {status.kind === 'failed' ? <span className="text-red-700">{status.message}</span> : null}
        </p>
      </form>
      {dialog}
    </>
  )
}
