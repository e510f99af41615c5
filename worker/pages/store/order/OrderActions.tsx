import type { ReactNode } from 'react'
import {
  CASH_RETURNS,
  type CashReturn,
  type StoreOrderDetail,
  type StoreOrderLine,
} from '../../../../schemas/store-orders.ts'
import { slotLabel, slotStartInstant } from '../../../../client/lib/store-console-format.ts'
import { ACTION_FIELDS, STORE_ORDER_FIELDS, SUBSTITUTE_QUERY } from './form.ts'
import {
  hasPresetReasons,
  type OrderReasonLists,
  OTHER_REASON,
  PRESET_REASONS,
  type PresetReasonAction,
} from '../../../../schemas/order-reasons.ts'

/** Items of the store found for one line, the price formatted. */
export interface SubstituteResults {
  lineId: number
  term: string
  items: ReadonlyArray<{ menuItemId: number; name: string; price: string }>
}

/** How soon an accepted order will be ready, in minutes (the server turns it into an instant). */
export const READY_IN_MINUTES = [15, 30, 45, 60, 90, 120] as const

const BUTTON =
  'min-h-11 rounded-xl px-4 font-bold bg-primary text-on-primary hover:brightness-90 disabled:opacity-60'
const QUIET_BUTTON =
  'min-h-11 rounded-xl border-2 border-primary bg-white px-3 font-bold text-primary hover:bg-tint'
const DANGER_BUTTON = 'min-h-11 rounded-xl bg-red-700 px-4 font-bold text-white hover:bg-red-800'
const INPUT = 'h-11 rounded-xl border-2 border-black/15 bg-white px-3'

/** One action's form: POST to the order page with the status it was shown in (stale → refused). */
function ActionForm({
  order,
  type,
  idempotencyKey,
  action,
  children,
  className,
}: {
  order: StoreOrderDetail
  type: string
  idempotencyKey: string
  action: string
  children: ReactNode
  className?: string
}) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name={ACTION_FIELDS.action} value={type} />
      <input type="hidden" name={ACTION_FIELDS.expectedStatus} value={order.status} />
      <input
        type="hidden"
        name={ACTION_FIELDS.idempotencyKey}
        value={`${idempotencyKey}-${type}`}
      />
      {children}
    </form>
  )
}

/** A reason's textarea with a label, required by the server for rejections and refunds. */
function ReasonField({
  id,
  label,
  optional = false,
}: {
  id: string
  label: string
  optional?: boolean
}) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold">
      {label}
      <textarea
        id={id}
        name={STORE_ORDER_FIELDS.reason}
        required={!optional}
        maxLength={500}
        rows={2}
        className="mt-1 block w-full rounded-xl border-2 border-black/15 p-2"
      />
    </label>
  )
}

/** A preset reason per radio, then "Other" with the store's own words. */
function PresetReasonField({
  type,
  question,
  reasons,
}: {
  type: PresetReasonAction
  question: string
  reasons: OrderReasonLists
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{question}</legend>
      <div className="mt-1 space-y-1">
        {reasons[type].map((reason) => (
          <label key={reason} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={STORE_ORDER_FIELDS.reasonChoice} value={reason} />
            {reason}
          </label>
        ))}
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={STORE_ORDER_FIELDS.reasonChoice} value={OTHER_REASON} />
          Other
        </label>
      </div>
      <ReasonField id={`reason-${type}`} label="Or in your own words" optional />
    </fieldset>
  )
}

export interface ActionsProps {
  order: StoreOrderDetail
  /** The order page's path: every form posts there. */
  action: string
  idempotencyKey: string
}

/**
 * The order-wide actions the caller may take now (allowedActions only), each its own form; reject
 * and cancel offer the business's reasons (its own lists, else the defaults).
 */
export function OrderActionForms({
  order,
  action,
  idempotencyKey,
  reasons = PRESET_REASONS,
}: ActionsProps & { reasons?: OrderReasonLists }) {
  const allowed = new Set(order.allowedActions)
  const form = { order, action, idempotencyKey }
  const simple: ReadonlyArray<[string, string]> = [
    ['finish_picking', 'Picking done'],
    ['ready_for_collection', 'Ready for collection'],
    ['collected', 'Collected'],
    ['start_route', 'Start delivery (en route)'],
    ['deliver', 'Delivered'],
  ]
  const reasoned: ReadonlyArray<[string, string, string]> = [
    ['reject', 'Reject order', 'Why is it rejected?'],
    ['cancel', 'Cancel order', 'Why is it cancelled?'],
    ['unable_to_deliver', 'Unable to deliver', 'What went wrong?'],
    ['refund_order', 'Refund whole order', 'Why is it refunded?'],
  ]
  return (
    <div className="space-y-4">
      {allowed.has('accept') && order.slot.kind === 'scheduled' ? (
        // A slot order is ready for its slot, not in N minutes: "Ready in 30" at midnight for
        // tomorrow's 11:00 slot said "Ready by 00:38".
        <ActionForm {...form} type="accept" className="flex flex-wrap items-end gap-2">
          <input
            type="hidden"
            name={STORE_ORDER_FIELDS.readyAt}
            value={slotStartInstant(order.slot, order.timeZone)}
          />
          <p className="text-sm font-semibold">Ready for its slot, {slotLabel(order.slot)}</p>
          <button type="submit" className={BUTTON}>
            Accept order
          </button>
        </ActionForm>
      ) : allowed.has('accept') ? (
        <ActionForm {...form} type="accept" className="flex flex-wrap items-end gap-2">
          <label htmlFor="ready-in" className="text-sm font-semibold">
            Ready in
            <select
              id="ready-in"
              name={STORE_ORDER_FIELDS.readyInMinutes}
              defaultValue="30"
              className={`ms-2 ${INPUT}`}
            >
              {READY_IN_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={BUTTON}>
            Accept order
          </button>
        </ActionForm>
      ) : null}
      {allowed.has('assign_driver') && order.drivers.length ? (
        <ActionForm {...form} type="assign_driver" className="flex flex-wrap items-end gap-2">
          <label htmlFor="driver" className="text-sm font-semibold">
            Driver
            <select id="driver" name={STORE_ORDER_FIELDS.driverId} className={`ms-2 ${INPUT}`}>
              {order.drivers.map((driver) => (
                <option key={driver.staffId} value={driver.staffId}>
                  {driver.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={BUTTON}>
            Assign driver
          </button>
        </ActionForm>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {simple
          .filter(([type]) => allowed.has(type as never))
          .map(([type, label]) => (
            <ActionForm key={type} {...form} type={type}>
              <button type="submit" className={BUTTON}>
                {label}
              </button>
            </ActionForm>
          ))}
      </div>
      {reasoned
        .filter(([type]) => allowed.has(type as never))
        .map(([type, label, question]) => (
          <details key={type} className="rounded-xl border border-black/10 bg-white p-3">
            <summary className="min-h-11 cursor-pointer content-center font-bold">{label}</summary>
            <ActionForm {...form} type={type} className="mt-2 space-y-2">
              {hasPresetReasons(type) ? (
                <PresetReasonField type={type} question={question} reasons={reasons} />
              ) : (
                <ReasonField id={`reason-${type}`} label={question} />
              )}
              {type === 'refund_order' ? (
                <CashReturnField order={order} id="cash-return-order" />
              ) : null}
              <button type="submit" className={DANGER_BUTTON}>
                {label}
              </button>
            </ActionForm>
          </details>
        ))}
    </div>
  )
}

/** A line's picking controls: picked, short (how many found), out of stock, substitute. */
export function LinePickForms({
  order,
  line,
  action,
  idempotencyKey,
  substitutes,
}: ActionsProps & { line: StoreOrderLine; substitutes: SubstituteResults | null }) {
  // One key per line and mark: each mark of a line is its own action (same key, other body: 422).
  const form = (mark: string) => ({
    order,
    action,
    idempotencyKey: `${idempotencyKey}-${line.lineId}-${mark}`,
  })
  const id = `line-${line.lineId}`
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      {(['picked', 'out_of_stock'] as const).map((mark) => (
        <ActionForm key={mark} {...form(mark)} type="mark_line" className="flex items-end gap-1">
          <input type="hidden" name={STORE_ORDER_FIELDS.lineId} value={line.lineId} />
          <input type="hidden" name={STORE_ORDER_FIELDS.lineVersion} value={line.version} />
          <input type="hidden" name={STORE_ORDER_FIELDS.mark} value={mark} />
          {mark === 'picked' && line.weighed ? (
            // A weighed line is picked with its weight: what the shopper pays follows it.
            <label htmlFor={`${id}-grams`} className="text-sm font-semibold">
              <span className="block">Weight (g)</span>
              <input
                id={`${id}-grams`}
                name={STORE_ORDER_FIELDS.pickedGrams}
                type="number"
                inputMode="numeric"
                min={1}
                max={100000}
                required
                defaultValue={line.weighed.pickedGrams ?? undefined}
                className={`w-24 ${INPUT}`}
              />
            </label>
          ) : null}
          <button type="submit" className={QUIET_BUTTON}>
            {mark === 'picked' ? (line.weighed ? 'Weighed' : 'Picked') : 'Out of stock'}
          </button>
        </ActionForm>
      ))}
      {line.quantity > 1 && line.weighed === null ? (
        <ActionForm {...form('short')} type="mark_line" className="flex items-end gap-1">
          <input type="hidden" name={STORE_ORDER_FIELDS.lineId} value={line.lineId} />
          <input type="hidden" name={STORE_ORDER_FIELDS.lineVersion} value={line.version} />
          <input type="hidden" name={STORE_ORDER_FIELDS.mark} value="short" />
          <label htmlFor={`${id}-short`} className="text-sm font-semibold">
            <span className="block">Found</span>
            <input
              id={`${id}-short`}
              name={STORE_ORDER_FIELDS.pickedQuantity}
              type="number"
              min={1}
              max={line.quantity - 1}
              defaultValue={line.quantity - 1}
              className={`w-16 ${INPUT}`}
            />
          </label>
          <button type="submit" className={QUIET_BUTTON}>
            Short
          </button>
        </ActionForm>
      ) : null}
      {line.allowSubstitutes ? (
        <SubstituteForms line={line} action={action} form={form} substitutes={substitutes} />
      ) : null}
    </div>
  )
}

/**
 * Find a substitute (a GET search of the store's items) and substitute one of those found. Only
 * for a line the shopper lets the store substitute: the backend refuses the others anyway.
 */
function SubstituteForms({
  line,
  action,
  form,
  substitutes,
}: {
  line: StoreOrderLine
  action: string
  form: (mark: string) => { order: StoreOrderDetail; action: string; idempotencyKey: string }
  substitutes: SubstituteResults | null
}) {
  const id = `line-${line.lineId}`
  const chosen = line.chosenReplacement
  return (
    <>
      {chosen ? (
        <ActionForm
          {...form(`substituted-${chosen.menuItemId}`)}
          type="mark_line"
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name={STORE_ORDER_FIELDS.lineId} value={line.lineId} />
          <input type="hidden" name={STORE_ORDER_FIELDS.lineVersion} value={line.version} />
          <input type="hidden" name={STORE_ORDER_FIELDS.mark} value="substituted" />
          <input
            type="hidden"
            name={STORE_ORDER_FIELDS.substituteItemId}
            value={chosen.menuItemId}
          />
          <input type="hidden" name={STORE_ORDER_FIELDS.substituteQuantity} value={line.quantity} />
          <button type="submit" className={QUIET_BUTTON}>
            Substitute the shopper&apos;s choice: {chosen.name} × {line.quantity}
          </button>
        </ActionForm>
      ) : null}
      <form method="get" action={action} className="flex items-end gap-1">
        <input type="hidden" name={SUBSTITUTE_QUERY.line} value={line.lineId} />
        <label htmlFor={`${id}-find`} className="text-sm font-semibold">
          <span className="block">Find a substitute</span>
          <input
            id={`${id}-find`}
            name={SUBSTITUTE_QUERY.term}
            type="search"
            minLength={2}
            maxLength={100}
            required
            defaultValue={substitutes?.term ?? ''}
            className={`w-44 ${INPUT}`}
          />
        </label>
        <button type="submit" className={QUIET_BUTTON}>
          Find
        </button>
      </form>
      {substitutes ? (
        <div className="basis-full">
          {substitutes.items.length ? (
            <ul className="mt-1 space-y-1" aria-label={`Substitutes for ${line.name}`}>
              {substitutes.items.map((item) => (
                <li key={item.menuItemId}>
                  <ActionForm
                    {...form(`substituted-${item.menuItemId}`)}
                    type="mark_line"
                    className="flex flex-wrap items-center gap-2"
                  >
                    <input type="hidden" name={STORE_ORDER_FIELDS.lineId} value={line.lineId} />
                    <input
                      type="hidden"
                      name={STORE_ORDER_FIELDS.lineVersion}
                      value={line.version}
                    />
                    <input type="hidden" name={STORE_ORDER_FIELDS.mark} value="substituted" />
                    <input
                      type="hidden"
                      name={STORE_ORDER_FIELDS.substituteItemId}
                      value={item.menuItemId}
                    />
                    <input
                      type="hidden"
                      name={STORE_ORDER_FIELDS.substituteQuantity}
                      value={line.quantity}
                    />
                    <span className="text-sm">
                      {item.name} · {item.price}
                    </span>
                    <button type="submit" className={QUIET_BUTTON}>
                      Substitute {line.quantity}
                    </button>
                  </ActionForm>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm">No items of this store match.</p>
          )}
        </div>
      ) : null}
    </>
  )
}

/** Units of a line the shopper received (the substitute's, else those picked): the most refundable. */
function deliveredUnits(line: StoreOrderLine): number {
  if (line.mark === 'substituted') return line.substitute?.quantity ?? 0
  return line.pickedQuantity ?? line.quantity
}

const CASH_RETURN_LABELS: Record<CashReturn, string> = {
  door: 'In cash at the door',
  store: 'In cash at the store',
  credit: 'As store credit',
}

/** A cash order's refund: how the cash reaches the shopper (store credit for members only). */
function CashReturnField({ order, id }: { order: StoreOrderDetail; id: string }) {
  if (order.money.paymentMethod !== 'paymentCash') return null
  const choices = CASH_RETURNS.filter((choice) => choice !== 'credit' || order.customer.member)
  return (
    <label htmlFor={id} className="block text-sm font-semibold">
      How is the cash given back?
      <select
        id={id}
        name={STORE_ORDER_FIELDS.cashReturn}
        defaultValue="door"
        className={`mt-1 block ${INPUT}`}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {CASH_RETURN_LABELS[choice]}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Refund chosen lines after delivery: a quantity per line and one reason. */
export function RefundLinesForm({ order, action, idempotencyKey }: ActionsProps) {
  const lines = order.departments.flatMap((department) => department.lines)
  return (
    <details className="rounded-xl border border-black/10 bg-white p-3">
      <summary className="min-h-11 cursor-pointer content-center font-bold">Refund lines</summary>
      <ActionForm
        order={order}
        action={action}
        idempotencyKey={idempotencyKey}
        type="refund_lines"
        className="mt-2 space-y-2"
      >
        {lines.map((line) => (
          <label
            key={line.lineId}
            htmlFor={`refund-${line.lineId}`}
            className="flex items-center gap-2 text-sm"
          >
            <input
              id={`refund-${line.lineId}`}
              name={`refund-${line.lineId}`}
              type="number"
              min={0}
              max={Math.max(0, deliveredUnits(line) - line.refundedQuantity)}
              defaultValue={0}
              className={`w-16 ${INPUT}`}
            />
            {line.name}
          </label>
        ))}
        <ReasonField id="reason-refund-lines" label="Why are these refunded?" />
        <CashReturnField order={order} id="cash-return-lines" />
        <button type="submit" className={DANGER_BUTTON}>
          Refund lines
        </button>
      </ActionForm>
    </details>
  )
}
