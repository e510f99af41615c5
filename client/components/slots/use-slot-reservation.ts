import { useEffect, useRef, useState } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import { ReserveSlotResultSchema } from '../../../schemas/slot-reservation.ts'
import { ApiRequestError, postJson, postJsonAs } from '../../lib/api.ts'
import { BASKET_API, SLOT_API } from '../../lib/api-paths.ts'
import {
  clockOffsetMs,
  type FulfilmentMethod,
  type PickerDay,
  type PickerReservation,
  type PickerSlot,
} from '../../lib/slots.ts'

export type SlotChoice =
  { kind: 'asap' } | { kind: 'slot'; slot: PickerSlot } | { kind: 'earliest' }

function failureText(choice: SlotChoice, error: unknown): string {
  // The date rule's own message says what to fix; any other failure is the spec's slot error.
  if (error instanceof ApiRequestError && error.message === MESSAGES.slotDateInvalid) {
    return error.message
  }
  if (choice.kind === 'asap') return MESSAGES.slotDefaultAsapFailed
  if (choice.kind === 'earliest') return MESSAGES.slotDefaultFutureFailed
  return MESSAGES.slotReserveFailed
}

function firstAvailable(days: ReadonlyArray<PickerDay>): PickerSlot | null {
  for (const day of days) {
    if (day.closed) continue
    const slot = day.slots.find((candidate) => candidate.available)
    if (slot) return slot
  }
  return null
}

/**
 * Reserving a slot (spec §4 Slot reservation), with which choice is pending and the error to
 * show: makes the basket first when there is none (get-or-create sets the cookie), then holds
 * the slot; in change mode goes straight back to `returnTo`, otherwise keeps the hold to show.
 */
export function useSlotReservation(input: {
  storeId: number
  method: FulfilmentMethod
  today: string
  days: Array<PickerDay>
  serverTime: string
  reservation: PickerReservation | null
  hasBasket: boolean
  returnTo: string | null
  /** Called once a hold shows, to move focus to it. */
  onHeld: () => void
}) {
  const { storeId, method, today, days, returnTo } = input
  const [reservation, setReservation] = useState(
    input.reservation?.status === 'held' ? input.reservation : null
  )
  const [heldServerTime, setHeldServerTime] = useState(input.serverTime)
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const basketReady = useRef(input.hasBasket)
  const offset = useRef(0)

  useEffect(() => {
    offset.current = clockOffsetMs(input.serverTime, Date.now())
  }, [input.serverTime])

  /** Reserves a choice; `key` names the button that shows it is pending. */
  async function reserve(choice: SlotChoice, key: string) {
    setPending(key)
    setError(null)
    try {
      const slot =
        choice.kind === 'slot'
          ? choice.slot
          : choice.kind === 'earliest'
            ? firstAvailable(days)
            : null
      if (choice.kind === 'earliest' && !slot) {
        setError(MESSAGES.slotNoAlternative)
        return
      }
      if (!basketReady.current) {
        await postJson(BASKET_API.basket, { storeId, fulfilmentMethod: method })
        basketReady.current = true
      }
      const { reservation: held } = await postJsonAs(
        SLOT_API.reserve,
        {
          storeId,
          fulfilmentMethod: method,
          timeSlotDate: slot ? slot.timeSlotDate : today,
          ...(slot ? { timeSlotTime: slot.timeSlotTime } : {}),
        },
        ReserveSlotResultSchema,
        MESSAGES.slotReserveFailed
      )
      if (returnTo) {
        window.location.assign(returnTo)
        return
      }
      setHeldServerTime(new Date(Date.now() + offset.current).toISOString())
      setReservation(held)
      input.onHeld()
    } catch (caught) {
      setError(failureText(choice, caught))
    } finally {
      setPending(null)
    }
  }

  return {
    reservation,
    clearReservation: () => setReservation(null),
    heldServerTime,
    pending,
    error,
    reserve,
  }
}
