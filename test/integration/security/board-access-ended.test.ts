import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { durableOrderBoard } from '../../../worker/live/notifier.ts'
import { ACCESS_ENDED_CLOSE_CODE } from '../../../worker/live/board-address.ts'
import { boardEvent, openBoard, type OpenBoard, until } from '../live/board-fixtures.ts'
import { seedCheckout, STORES } from '../store-orders/fixtures.ts'
import { call, seedStaff, signIn } from '../staff/fixtures.ts'

/*
 * A member of staff whose access ends stops receiving the board at once (issue 36, item 9): the
 * guard refused their next call, but an open socket makes no call, so a deactivated picker's
 * board kept showing the store's orders live.
 */

const STORE = STORES.main

let operatorBearer = ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  const operator = await seedStaff({ operator: true })
  operatorBearer = (await signIn(operator.email)).access_token
})

interface Watched {
  board: OpenBoard
  closed: { code: number } | null
}

async function watch(staffId: number): Promise<Watched> {
  const board = await openBoard({ businessId: 1, storeId: STORE, staffId, role: 'picker' })
  const watched: Watched = { board, closed: null }
  board.ws.addEventListener('close', (event) => {
    watched.closed = { code: event.code }
  })
  await until(() => board.messages.length === 1, 'the hello')
  return watched
}

async function picker(): Promise<{ id: number; email: string }> {
  return seedStaff({ roles: [{ storeId: STORE, role: 'picker' }] })
}

describe("a member of staff's board socket", () => {
  it('closes when they are deactivated, and hears no further event; a colleague still does', async () => {
    const leaving = await picker()
    const staying = await picker()
    const gone = await watch(leaving.id)
    const other = await watch(staying.id)
    const deactivated = await call(
      '/staff/accounts/deactivate',
      { businessId: 1, staffId: leaving.id },
      { bearer: operatorBearer }
    )
    expect(deactivated.status).toBe(200)
    await until(() => gone.closed !== null, 'the close')
    expect(gone.closed?.code).toBe(ACCESS_ENDED_CLOSE_CODE)
    await durableOrderBoard.publish(env, boardEvent(STORE, 4242))
    await until(() => other.board.messages.length === 2, "the colleague's event")
    expect(gone.board.messages.map((m) => m.type)).toEqual(['hello'])
    expect(other.closed).toBeNull()
    other.board.ws.close()
  })

  it('closes when they sign out', async () => {
    const staff = await picker()
    const tokens = await signIn(staff.email)
    const open = await watch(staff.id)
    const out = await call(
      '/staff/auth/sign-out',
      { businessId: 1, refresh_token: tokens.refresh_token },
      { bearer: tokens.access_token }
    )
    expect(out.status).toBe(200)
    await until(() => open.closed !== null, 'the close')
    expect(open.closed?.code).toBe(ACCESS_ENDED_CLOSE_CODE)
  })
})
