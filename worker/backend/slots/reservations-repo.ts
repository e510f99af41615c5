import { TZDate } from '@date-fns/tz'
import { addMinutes, format } from 'date-fns'
import { DATE_FORMATS, type FulfilmentMethod } from '../../../schemas/constants.ts'
import type { SlotReservation } from '../../../schemas/slots.ts'

// Every timestamp here is Date#toISOString(), so SQL compares them as strings in time order.
// reserved_count of a slot counts its 'held' rows (expired or not, until swept) plus its
// 'confirmed' rows; reads subtract the holds that have lapsed but are not swept yet.

interface ReservationRow {
  id: number
  is_asap: number
  store_id: number
  fulfilment_method: FulfilmentMethod
  status: SlotReservation['status']
  expires_at: string
  created_at: string
  slot_date: string | null
  starts_at: string | null
  ends_at: string | null
  start_utc: string | null
  end_utc: string | null
  time_zone: string
  delivery_lead_minutes: number
  collection_lead_minutes: number
}

const RESERVATION_SELECT = `select r.id, r.is_asap, r.store_id, r.fulfilment_method, r.status,
    r.expires_at, r.created_at, t.slot_date, t.starts_at, t.ends_at, t.start_utc, t.end_utc,
    s.time_zone, s.delivery_lead_minutes, s.collection_lead_minutes
  from slot_reservations r
  join stores s on s.id = r.store_id
  left join time_slots t on t.id = r.time_slot_id`

function toReservation(row: ReservationRow, now: Date): SlotReservation {
  const lapsed = row.status === 'held' && row.expires_at <= now.toISOString()
  const status = lapsed ? 'expired' : row.status
  const base = {
    reservationId: row.id,
    storeId: row.store_id,
    fulfilmentMethod: row.fulfilment_method,
    status,
    expiresAt: row.expires_at,
  }
  if (row.is_asap === 1 || row.slot_date === null || !row.start_utc || !row.end_utc) {
    const lead =
      row.fulfilment_method === 'delivery' ? row.delivery_lead_minutes : row.collection_lead_minutes
    // ASAP holds no slot: it answers the estimate made when it was reserved.
    const estimate = addMinutes(new Date(row.created_at), lead)
    return {
      ...base,
      type: 'asap',
      timeSlotDate: format(new TZDate(estimate, row.time_zone), DATE_FORMATS.isoDate),
      timeSlotTime: null,
      endTime: null,
      startDate: estimate.toISOString(),
      endDate: estimate.toISOString(),
    }
  }
  return {
    ...base,
    type: 'future',
    timeSlotDate: row.slot_date,
    timeSlotTime: row.starts_at,
    endTime: row.ends_at,
    startDate: row.start_utc,
    endDate: row.end_utc,
  }
}

/**
 * The basket's latest reservation: its hold (status 'expired' once past expiresAt, before and after
 * a sweep, so the shopper is told) or its confirmed one; null when it has none or gave it up.
 */
export async function findBasketReservation(
  db: D1Database,
  basketId: number,
  now: Date
): Promise<SlotReservation | null> {
  const row = await basketReservationStatement(db, basketId).first<ReservationRow>()
  return row ? toReservation(row, now) : null
}

/** The reservation with this id, as the API shows it. */
export async function findReservation(
  db: D1Database,
  reservationId: number,
  now: Date
): Promise<SlotReservation | null> {
  const row = await db
    .prepare(`${RESERVATION_SELECT} where r.id = ?1`)
    .bind(reservationId)
    .first<ReservationRow>()
  return row ? toReservation(row, now) : null
}

/** The reservation the statement before it in a batch inserted (last_insert_rowid). */
export function insertedReservationStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(`${RESERVATION_SELECT} where r.id = last_insert_rowid()`)
}

/** The reservation a statement of this module selected, as the API shows it. */
export function reservationFrom(
  result: D1Result<unknown> | undefined,
  now: Date
): SlotReservation | null {
  const row = (result?.results as Array<ReservationRow> | undefined)?.[0]
  return row ? toReservation(row, now) : null
}

/** The statement reading the basket's latest live, confirmed or lapsed reservation (see findBasketReservation). */
export function basketReservationStatement(db: D1Database, basketId: number): D1PreparedStatement {
  return db
    .prepare(
      `${RESERVATION_SELECT}
       where r.id = (select max(id) from slot_reservations where basket_id = ?1)
         and r.status in ('held', 'confirmed', 'expired')`
    )
    .bind(basketId)
}

/**
 * Statements that give up the basket's hold, for a batch (basket clear, overwrite, method change,
 * a new reservation): its slot gets the place back and the hold is marked released, or expired if
 * it had already lapsed. Nothing happens when the basket holds nothing.
 */
export function releaseHoldStatements(
  db: D1Database,
  basketId: number,
  now: Date
): Array<D1PreparedStatement> {
  const at = now.toISOString()
  return [
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count - 1
         where id = (select time_slot_id from slot_reservations
                     where basket_id = ?1 and status = 'held')`
      )
      .bind(basketId),
    db
      .prepare(
        `update slot_reservations
         set status = case when expires_at <= ?2 then 'expired' else 'released' end,
             released_at = ?2
         where basket_id = ?1 and status = 'held'`
      )
      .bind(basketId, at),
  ]
}

/**
 * Statements that expire every lapsed hold (of one store, or of all): each slot gets back one
 * place per lapsed hold, then the holds are marked expired. Run them as one batch, or first in
 * a batch that reserves.
 */
export function sweepStatements(
  db: D1Database,
  now: Date,
  storeId: number | null = null
): Array<D1PreparedStatement> {
  const at = now.toISOString()
  return [
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count - (
           select count(*) from slot_reservations r
           where r.time_slot_id = time_slots.id and r.status = 'held' and r.expires_at <= ?1)
         where id in (select time_slot_id from slot_reservations
                      where status = 'held' and expires_at <= ?1
                        and (?2 is null or store_id = ?2) and time_slot_id is not null)`
      )
      .bind(at, storeId),
    db
      .prepare(
        `update slot_reservations set status = 'expired', released_at = ?1
         where status = 'held' and expires_at <= ?1 and (?2 is null or store_id = ?2)`
      )
      .bind(at, storeId),
  ]
}

/** Expires every lapsed hold and gives its place back (the cron trigger); answers how many. */
export async function sweepExpiredReservations(db: D1Database, now: Date): Promise<number> {
  const [, marked] = await db.batch(sweepStatements(db, now))
  return marked?.meta.changes ?? 0
}

/**
 * Statements that turn the basket's live hold into a confirmed reservation of the order (its
 * place stays taken). Check `meta.changes` of the last one: 0 means the hold had lapsed.
 */
export function confirmHoldStatements(
  db: D1Database,
  basketId: number,
  orderId: number | null,
  now: Date
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update slot_reservations set status = 'confirmed', confirmed_at = ?3, order_id = ?2
         where basket_id = ?1 and status = 'held' and expires_at > ?3`
      )
      .bind(basketId, orderId, now.toISOString()),
  ]
}

/** Statements that cancel a confirmed reservation (order cancelled) and give its place back. */
export function cancelConfirmedStatements(
  db: D1Database,
  reservationId: number,
  now: Date
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count - 1
         where id = (select time_slot_id from slot_reservations
                     where id = ?1 and status = 'confirmed')`
      )
      .bind(reservationId),
    db
      .prepare(
        `update slot_reservations set status = 'released', released_at = ?2
         where id = ?1 and status = 'confirmed'`
      )
      .bind(reservationId, now.toISOString()),
  ]
}

/** Holds ASAP for the basket (no slot: the estimate is made when it is read). */
export function asapHoldStatement(
  db: D1Database,
  input: {
    storeId: number
    basketId: number
    method: FulfilmentMethod
    place: ReadonlyArray<string | number | null>
    expiresAt: string
    now: Date
  }
): D1PreparedStatement {
  return db
    .prepare(
      `insert into slot_reservations (store_id, basket_id, fulfilment_method, is_asap, status,
         postcode, latitude, longitude, expires_at, created_at)
       values (?1, ?2, ?3, 1, 'held', ?4, ?5, ?6, ?7, ?8)`
    )
    .bind(
      input.storeId,
      input.basketId,
      input.method,
      ...input.place,
      input.expiresAt,
      input.now.toISOString()
    )
}

/**
 * Holds a place in a slot for the basket: creates the slot row when it is the first hold, takes a
 * place, and inserts the reservation. No `and reserved_count < capacity`: a full slot must fail the
 * batch (the CHECK constraint), not skip a row. A slot the store blocked counts as full the same
 * way, so it too changes nothing.
 */
export function slotHoldStatements(
  db: D1Database,
  input: {
    key: readonly [storeId: number, method: string, date: string, startTime: string]
    endTime: string
    start: Date
    end: Date
    capacity: number
    basketId: number
    place: ReadonlyArray<string | number | null>
    expiresAt: string
    now: Date
  }
): Array<D1PreparedStatement> {
  const { key } = input
  return [
    db
      .prepare(
        `insert or ignore into time_slots (store_id, fulfilment_method, slot_date, starts_at,
           ends_at, start_utc, end_utc, capacity)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
      )
      .bind(
        ...key,
        input.endTime,
        input.start.toISOString(),
        input.end.toISOString(),
        input.capacity
      ),
    db
      .prepare(
        `update time_slots
         set reserved_count = reserved_count + 1 + is_blocked * (capacity + 1)
         where store_id = ?1 and fulfilment_method = ?2 and slot_date = ?3 and starts_at = ?4`
      )
      .bind(...key),
    db
      .prepare(
        `insert into slot_reservations (time_slot_id, store_id, basket_id, fulfilment_method,
           is_asap, status, postcode, latitude, longitude, expires_at, created_at)
         select id, ?1, ?5, ?2, 0, 'held', ?6, ?7, ?8, ?9, ?10 from time_slots
         where store_id = ?1 and fulfilment_method = ?2 and slot_date = ?3 and starts_at = ?4`
      )
      .bind(...key, input.basketId, ...input.place, input.expiresAt, input.now.toISOString()),
  ]
}
