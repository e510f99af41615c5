// Basket and slot calls through the proxy, on the demo data: adding to a new basket (create + price
// + totals), changing a quantity in a 10-line basket, listing a store's slots and moving a slot
// hold, at 1 and 8 connections. Every connection has its own basket (its own cookie), as shoppers
// do, so the figures include the version-guarded writes and the whole-basket answers.
import {
  CALL_TABLE_HEADER,
  callRow,
  pick,
  postLoad,
  printTable,
  type PostFigures,
} from '../lib/post-load.ts'

export interface BasketFixture {
  origin: string
  storeId: number
  /** Simple items of the store that any basket can take. */
  itemIds: ReadonlyArray<number>
}

interface SlotList {
  days: Array<{ slots: Array<{ timeSlotDate: string; timeSlotTime: string; available: boolean }> }>
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('sf_basket='))
    .join('; ')
}

async function post(origin: string, path: string, body: unknown, cookie = ''): Promise<Response> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (response.status !== 200) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  }
  return response
}

/** A basket holding `lines` different items; answers its cookie and its first line's id. */
export async function fillBasket(
  fixture: BasketFixture,
  lines: number
): Promise<{ cookie: string; firstLineId: number }> {
  let cookie = ''
  let firstLineId = 0
  for (const itemId of fixture.itemIds.slice(0, lines)) {
    const response = await post(
      fixture.origin,
      '/api/basket/items/add',
      { storeId: fixture.storeId, menuItem: { itemId, quantity: 1 } },
      cookie
    )
    cookie ||= cookieOf(response)
    const basket = (await response.json()) as { lines: Array<{ basketLineId: number }> }
    firstLineId ||= basket.lines[0]?.basketLineId ?? 0
  }
  return { cookie, firstLineId }
}

export async function runBasketSuite(
  fixture: BasketFixture,
  options: { seconds: number; warmupSeconds: number }
): Promise<void> {
  const connections = [1, 8]
  const baskets = await Promise.all(
    Array.from({ length: Math.max(...connections) }, () => fillBasket(fixture, 10))
  )
  const slotAnswer = await post(fixture.origin, '/api/time-slots', { storeId: fixture.storeId })
  const slots = ((await slotAnswer.json()) as SlotList).days
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available)
  // Two slots far apart in time, so moving a hold between them never meets a full slot.
  const [first, second] = [slots[slots.length - 2], slots[slots.length - 1]]
  if (!first || !second) throw new Error('the benchmark store offers no slots')

  const cookieOfLoop = (loop: number) => ({ cookie: baskets[loop]?.cookie ?? '' })
  const cases: Array<{
    label: string
    path: string
    body: (loop: number) => unknown
    headers?: (loop: number) => Record<string, string>
  }> = [
    {
      label: 'add to a new basket',
      path: '/api/basket/items/add',
      body: () => ({ storeId: fixture.storeId, menuItem: { itemId: pick(fixture.itemIds) } }),
    },
    {
      label: 'quantity, 10 lines',
      path: '/api/basket/update',
      body: (loop) => ({
        updates: [
          { basketLineId: baskets[loop]?.firstLineId, quantity: 1 + Math.floor(Math.random() * 5) },
        ],
      }),
      headers: cookieOfLoop,
    },
    {
      label: 'list slots',
      path: '/api/time-slots',
      body: () => ({ storeId: fixture.storeId }),
      headers: cookieOfLoop,
    },
    {
      label: 'move a slot hold',
      path: '/api/time-slots/reserve',
      body: () => {
        const slot = Math.random() < 0.5 ? first : second
        return {
          storeId: fixture.storeId,
          timeSlotDate: slot.timeSlotDate,
          timeSlotTime: slot.timeSlotTime,
        }
      },
      headers: cookieOfLoop,
    },
  ]

  const rows: Array<Array<string>> = []
  for (const { label, path, body, headers } of cases) {
    const figures: Array<PostFigures> = []
    for (const count of connections) {
      const run = (seconds: number) =>
        postLoad({
          url: `${fixture.origin}${path}`,
          body,
          headers,
          measure: () => 1,
          connections: count,
          seconds,
        })
      if (options.warmupSeconds > 0) await run(options.warmupSeconds)
      figures.push(await run(options.seconds))
    }
    rows.push(callRow(label, figures))
  }
  printTable(
    `Basket and slots through /api, demo data, ${options.seconds} s per cell`,
    CALL_TABLE_HEADER,
    rows
  )
}
