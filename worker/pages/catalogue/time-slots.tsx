import type { Context } from 'hono'
import { z } from 'zod'
import type { SlotPageFrameProps } from '../../../client/components/slots/SlotPageFrame.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import {
  CHANGE_QUERY,
  dayHasSlots,
  EXPIRED_QUERY,
  localDate,
  LOCATION_QUERY,
  pickerDay,
  pickerReservation,
  type FulfilmentMethod,
} from '../../../client/lib/slots.ts'
import { TimeSlotCalendarPage } from '../../../client/pages/TimeSlotCalendarPage.tsx'
import { DeliveryPlacePage, TimeSlotsPage } from '../../../client/pages/TimeSlotsPage.tsx'
import {
  DeliveryPlace,
  type DeliveryPlaceView,
} from '../../../client/components/slots/DeliveryPlace.tsx'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { STORE_SEARCH_ERROR_QUERY, STORE_SEARCH_QUERY } from '../../../client/lib/store-search.ts'
import type { GeolocationState } from '../../../schemas/location.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { deliveryOutsideAreaMessage } from '../../../schemas/delivery-area.ts'
import { storeSearchBoxFromQuery } from './store-search-box.ts'
import { SlotPageSchema, type SlotPage, type SlotPageBasket } from '../../../schemas/basket.ts'
import { DEFAULT_FULFILMENT_METHOD, FULFILMENT_METHODS } from '../../../schemas/constants.ts'
import { slotPrice } from '../../../schemas/slot-price.ts'
import { SlotDateSchema, type TimeSlotList } from '../../../schemas/slots.ts'
import type { StoreDetails } from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken, rememberBasket, writeBasketSummary } from '../../lib/cookies/basket.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import {
  clearSlotReferrer,
  readSlotReferrer,
  writeSlotReferrer,
} from '../../lib/cookies/slot-referrer.ts'
import { pathnameOf, redirectTo, safePath } from '../../lib/redirect.ts'
import { findStore, slugIdsKey } from './catalogue-context.ts'
import { speculate } from '../../lib/speculative-ids.ts'
import { refererPath } from '../shared/guards.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import { type RenderOptions, renderPage, requestLocale, requestSay } from '../shared/render.tsx'
import { forgetsForeignBasket, requestBasket } from '../shared/request-basket.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'

const MethodQuerySchema = z.enum(FULFILMENT_METHODS)

/** Pages that turn change mode on: the basket and every checkout step. */
export function isChangeModeSource(pathname: string): boolean {
  return pathname === '/basket' || pathname === '/checkout' || pathname.startsWith('/checkout/')
}

function isSlotPage(pathname: string): boolean {
  return /^\/stores\/[^/]+\/time-slots(\/calendar)?$/.test(pathname)
}

// A basket or checkout path of this site we may send the shopper back to; anything else is ignored.
function changeModePath(value: string | null | undefined): string | null {
  const path = safePath(value)
  return path && isChangeModeSource(pathnameOf(path)) ? path : null
}

/**
 * Change mode (spec §4): where a reservation made on this page returns to, remembered in its
 * cookie while the shopper chooses (the slot pages' day links and method switch send the slot
 * page as Referer): the basket or checkout page of the Referer; the remembered one while the
 * shopper moves between slot pages or with `?change=1` (default the basket); null (change mode
 * off, cookie cleared) when the shopper arrived from anywhere else.
 */
export function changeModeReturn(c: Context<AppEnv>): string | null {
  const from = refererPath(c)
  const fromSource = changeModePath(from)
  const remembered = changeModePath(readSlotReferrer(c))
  let target: string | null = null
  if (fromSource) target = fromSource
  else if (c.req.query(CHANGE_QUERY) !== undefined) target = remembered ?? routePath('basket')
  else if (from && isSlotPage(pathnameOf(from))) target = remembered
  if (target) writeSlotReferrer(c, target)
  else if (readSlotReferrer(c) !== undefined) clearSlotReferrer(c)
  return target
}

/**
 * The methods a store offers, delivery first. Delivery stays on offer where the store does not
 * deliver to the shopper's location: its page says so and offers the ways on.
 */
export function offeredMethods(store: StoreDetails): Array<FulfilmentMethod> {
  const methods: Array<FulfilmentMethod> = []
  if (store.delivery.enabled) methods.push('delivery')
  if (store.collection.enabled) methods.push('collection')
  return methods
}

/** The slot page for a method, in change mode when the shopper is choosing for a basket. */
function slotPageHref(
  storeSlug: string,
  method: FulfilmentMethod,
  changeMode: boolean,
  extra: Record<string, string> = {}
): string {
  return routePath(
    'stores-storeSlug-time-slots',
    { storeSlug },
    { method, ...(changeMode ? { [CHANGE_QUERY]: '1' } : {}), ...extra }
  )
}

/**
 * Where a delivery would go (null for collection, which needs no location): ask with the brand's
 * search box when there is no saved location, the shopper asked to change it, or the search box
 * sent back an error; else whether the store delivers there (spec §4 delivery zones).
 */
export function deliveryPlace(
  c: Context<AppEnv>,
  input: {
    store: StoreDetails
    method: FulfilmentMethod
    methods: ReadonlyArray<FulfilmentMethod>
    location: GeolocationState | null
    changeMode: boolean
  }
): DeliveryPlaceView | null {
  const { store, method, location, changeMode } = input
  if (method !== 'delivery') return null
  const slug = store.slug
  const collectionHref = input.methods.includes('collection')
    ? slotPageHref(slug, 'collection', changeMode)
    : null
  const changeHref = slotPageHref(slug, 'delivery', changeMode, { [LOCATION_QUERY]: 'change' })
  const asked =
    c.req.query(LOCATION_QUERY) === 'change' ||
    c.req.query(STORE_SEARCH_QUERY.postcode) !== undefined ||
    c.req.query(STORE_SEARCH_ERROR_QUERY) !== undefined
  if (!location || asked) {
    return {
      state: 'ask',
      box: storeSearchBoxFromQuery(c),
      returnTo: slotPageHref(slug, 'delivery', changeMode),
      collectionHref,
    }
  }
  if (store.atLocation && !store.atLocation.deliveryAvailable) {
    return {
      state: 'outside',
      message: deliveryOutsideAreaMessage(store.name, location.postcode, collectionHref !== null),
      collectionHref,
      otherStoresHref: routePath('stores-near-by', { postcode: location.postcode }),
      changeHref,
    }
  }
  return { state: 'inside', postcode: location.postcode, changeHref }
}

interface SlotPageData {
  store: StoreDetails
  basket: SlotPageBasket | null
  methods: Array<FulfilmentMethod>
  method: FulfilmentMethod
  list: TimeSlotList
  today: string
  returnTo: string | null
  expired: boolean
  place: DeliveryPlaceView | null
}

/**
 * The store's slots for a method, where the shopper is, with the basket's hold and its
 * slot-price facts when the token names one: one backend call, one batch (ADR 068).
 */
function askSlotPage(
  c: Context<AppEnv>,
  storeId: number,
  method: FulfilmentMethod,
  basketToken: string | undefined
): Promise<SlotPage> {
  const location = readLocation(c)
  return c.var.backend.post('/basket/time-slots', {
    body: {
      businessId: c.var.brand.businessId,
      brandId: c.var.brand.id,
      storeId,
      fulfilmentMethod: method,
      ...(location?.latitude != null && location.longitude != null
        ? {
            latitude: location.latitude,
            longitude: location.longitude,
            ...(location.postcode ? { postcode: location.postcode } : {}),
          }
        : {}),
      ...(basketToken ? { basketToken } : {}),
    },
    token: readAccessToken(c),
    schema: SlotPageSchema,
  })
}

/**
 * The slot page's call under the cookie's token; a member's basket this shopper may not use is
 * forgotten (its cookie cleared) and the page goes on without a basket, as every page does.
 */
async function askUnlessForeign(
  c: Context<AppEnv>,
  ask: (basketToken: string | undefined) => Promise<SlotPage>,
  basketToken: string | undefined
): Promise<{ answer: SlotPage; basketToken: string | undefined }> {
  try {
    return { answer: await ask(basketToken), basketToken }
  } catch (error) {
    if (basketToken && forgetsForeignBasket(c, error)) {
      return { answer: await ask(undefined), basketToken: undefined }
    }
    throw error
  }
}

/**
 * The basket the page goes on with: the answer's; or, when the cookie's token names none any more
 * (checked out, another brand's), a new empty one as every page's basket read makes it
 * (requestBasket), so a slot can still be held. Its facts keep the header summary current.
 */
async function pageBasket(
  c: Context<AppEnv>,
  answer: SlotPage,
  basketToken: string | undefined
): Promise<SlotPageBasket | null> {
  if (answer.basket) {
    writeBasketSummary(c, answer.basket)
    return answer.basket
  }
  if (!basketToken) return null
  const fresh = await requestBasket(c)
  return fresh ? rememberBasket(c, fresh) : null
}

async function loadSlotPage(c: Context<AppEnv>): Promise<SlotPageData> {
  const location = readLocation(c)
  const returnTo = changeModeReturn(c)
  const asked = MethodQuerySchema.safeParse(c.req.query('method'))
  // The slot list needs the store's id and the method, which the basket decides when the address
  // names none: it starts beside the store with the id this isolate last saw behind the slug and
  // the address's method (else the default), under the basket cookie's token. It is used only
  // when the store and the basket's method prove the guess right; else it is asked again (a
  // store without the method, a basket for the other one).
  const guessedMethod = asked.success ? asked.data : DEFAULT_FULFILMENT_METHOD
  const cookieToken = readBasketToken(c)
  const guessed = speculate(slugIdsKey(c, 'store'), ({ storeId }: { storeId: number }) =>
    askUnlessForeign(c, (token) => askSlotPage(c, storeId, guessedMethod, token), cookieToken)
  )
  // The store is the one every shopper shares (the proxy's KV entry); delivery where this
  // shopper is comes with the slot list, which is asked for that place anyway.
  const shared = await findStore(c)
  const first = await guessed({ storeId: shared.id })
  const basket = await pageBasket(c, first.answer, first.basketToken)
  const methods = offeredMethods(shared)
  const preferred: Array<FulfilmentMethod | null> = [
    asked.success ? asked.data : null,
    basket?.fulfilmentMethod ?? null,
    DEFAULT_FULFILMENT_METHOD,
  ]
  const method: FulfilmentMethod =
    preferred.find((candidate) => candidate !== null && methods.includes(candidate)) ??
    methods[0] ??
    DEFAULT_FULFILMENT_METHOD
  // A basket made new here holds no slot yet: asked again without a token.
  const holder = first.answer.basket ? first.basketToken : undefined
  const list =
    method === guessedMethod
      ? first.answer.slots
      : (await askSlotPage(c, shared.id, method, holder)).slots
  const store: StoreDetails = { ...shared, atLocation: list.atLocation }
  const expired = c.req.query(EXPIRED_QUERY) !== undefined || list.reservation?.status === 'expired'
  return {
    store,
    basket,
    methods,
    method,
    list,
    today: localDate(list.serverTime, list.timeZone),
    returnTo,
    expired,
    place: deliveryPlace(c, { store, method, methods, location, changeMode: returnTo !== null }),
  }
}

function frameProps(
  data: SlotPageData,
  chrome: PageChrome
): Omit<SlotPageFrameProps, 'children' | 'title'> {
  const { store, returnTo, place } = data
  return {
    chrome,
    store: {
      name: store.name,
      slug: store.slug,
      availability: store.availability,
      timeZone: data.list.timeZone,
    },
    daysInAdvance: data.list.daysInAdvance,
    methods: data.methods,
    method: data.method,
    // Every slot page switches method through the slot page: the other method may offer ASAP.
    methodHref: (method) => timeSlotsHref(store.slug, method),
    // A guard's flash already says the slot lapsed (and takes focus): not twice.
    expired: data.expired && chrome.flash !== MESSAGES.slotExpired,
    ...(place?.state === 'inside' ? { notice: <DeliveryPlace place={place} /> } : {}),
    back: returnTo
      ? {
          href: returnTo,
          label: returnTo.startsWith('/checkout') ? 'Back to checkout' : 'Back to basket',
        }
      : { href: routePath('stores-storeSlug', { storeSlug: store.slug }), label: store.name },
  }
}

function pickerProps(data: SlotPageData, shop: ShopLocale) {
  const { store, list, basket } = data
  const { label, note } = slotPrice(
    {
      method: data.method,
      deliveryFee: store.atLocation?.deliveryFee ?? store.delivery.fee,
      freeDeliveryThreshold: store.delivery.freeDeliveryThreshold,
      basket,
    },
    shop
  )
  return {
    // The island's props travel in the page: only what it shows and posts (pickerDay).
    price: { label, note },
    storeId: store.id,
    storeSlug: store.slug,
    timeZone: list.timeZone,
    method: data.method,
    serverTime: list.serverTime,
    today: data.today,
    reservation: list.reservation ? pickerReservation(list.reservation) : null,
    hasBasket: data.basket !== null,
    returnTo: data.returnTo,
    storeHref: routePath('stores-storeSlug', { storeSlug: store.slug }),
  }
}

function timeSlotsHref(storeSlug: string, method: FulfilmentMethod): string {
  return routePath('stores-storeSlug-time-slots', { storeSlug }, { method })
}

// Both renders of the slot page (where to deliver, then the slots) are one page to the visitor.
function timeSlotsPageOptions(c: Context<AppEnv>, store: StoreDetails): RenderOptions {
  const say = requestSay(c)
  return {
    meta: {
      title: say(MESSAGES.metaChooseSlotTitle, store.name),
      description: say(MESSAGES.metaChooseSlot, store.name),
      noindex: true,
    },
    cache: 'private',
  }
}

// Carried across the slot pages' own redirects.
function carriedQuery(c: Context<AppEnv>, method: FulfilmentMethod): Record<string, string> {
  const query: Record<string, string> = { method }
  if (c.req.query(EXPIRED_QUERY) !== undefined) query[EXPIRED_QUERY] = '1'
  if (c.req.query(CHANGE_QUERY) !== undefined) query[CHANGE_QUERY] = '1'
  return query
}

/** A delivery slot page before its slots: where to deliver, or why the store cannot. */
function placePage(
  c: Context<AppEnv>,
  data: SlotPageData,
  place: Exclude<DeliveryPlaceView, { state: 'inside' }>
): Promise<Response> {
  const { store } = data
  return renderPage(
    c,
    (chrome) => <DeliveryPlacePage frame={frameProps(data, chrome)} place={place} />,
    timeSlotsPageOptions(c, store)
  )
}

/**
 * Spec §2 stores-storeSlug-time-slots: ASAP (when the store can fulfil it now) or a future day
 * and slot. When ASAP is not available and the store takes orders days in advance, only future
 * slots exist and the calendar is pushed instead.
 *
 * The display-ASAP flag (whether the page opens on ASAP) lives only in this page: the server
 * works it out for each render (ASAP available and no future slot held) and the picker island
 * keeps it in its state, never in a cookie or storage, so leaving the page always resets it.
 */
export async function timeSlotsPage(c: Context<AppEnv>): Promise<Response> {
  const data = await loadSlotPage(c)
  const { store, list } = data
  if (data.place && data.place.state !== 'inside') return placePage(c, data, data.place)
  if (!list.asap.available && list.daysInAdvance > 0) {
    return redirectTo(
      c,
      routePath(
        'stores-storeSlug-time-slots-calendar',
        { storeSlug: store.slug },
        carriedQuery(c, data.method)
      ),
      302
    )
  }
  const picker = pickerProps(data, requestLocale(c))
  const heldFuture = picker.reservation?.status === 'held' && picker.reservation.type === 'future'
  const firstOpenDay = list.days.find(dayHasSlots)?.date ?? list.days[0]?.date ?? null
  return renderPage(
    c,
    (chrome) => (
      <TimeSlotsPage
        frame={frameProps(data, chrome)}
        picker={{
          ...picker,
          asap: { available: list.asap.available, estimatedAt: list.asap.estimatedAt },
          days: list.days.map(pickerDay),
          initialDay: heldFuture ? (picker.reservation?.timeSlotDate ?? null) : firstOpenDay,
          displayAsap: list.asap.available && !heldFuture,
        }}
      />
    ),
    timeSlotsPageOptions(c, store)
  )
}

/**
 * Spec §2 stores-storeSlug-time-slots-calendar: the days the store takes orders for as month
 * grids; `?date=YYYY-MM-DD` picks a day (default: the held slot's day, else the first with a free
 * slot) and shows its slots.
 */
export async function timeSlotCalendarPage(c: Context<AppEnv>): Promise<Response> {
  const data = await loadSlotPage(c)
  const { store, list } = data
  if (data.place && data.place.state !== 'inside') return placePage(c, data, data.place)
  const picker = pickerProps(data, requestLocale(c))
  const openDays = list.days.filter(dayHasSlots)
  const asked = SlotDateSchema.safeParse(c.req.query('date'))
  const held = picker.reservation?.status === 'held' ? picker.reservation.timeSlotDate : null
  const selected =
    [asked.success ? asked.data : null, held].find((date) =>
      openDays.some((day) => day.date === date)
    ) ??
    openDays[0]?.date ??
    null
  return renderPage(
    c,
    (chrome) => (
      <TimeSlotCalendarPage
        frame={frameProps(data, chrome)}
        days={list.days}
        selected={selected}
        dayHref={(date) =>
          routePath(
            'stores-storeSlug-time-slots-calendar',
            { storeSlug: store.slug },
            { method: data.method, date }
          )
        }
        picker={{ ...picker, displayAsap: false }}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaChooseDayTitle, store.name),
        description: requestSay(c)(MESSAGES.metaChooseDay, store.name),
        noindex: true,
      },
      cache: 'private',
    }
  )
}
