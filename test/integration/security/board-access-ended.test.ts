import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { durableOrderBoard } from '../../../worker/live/notifier.ts'
import { ACCESS_ENDED_CLOSE_CODE } from '../../../worker/live/board-address.ts'
import { boardEvent, openBoard, type OpenBoard, until } from '../live/board-fixtures.ts'
import { seedCheckout, STORES } from '../store-orders/fixtures.ts'
import { call, me, PASSWORD, passwordStep, seedStaff, signIn } from '../staff/fixtures.ts'

const NEW_PASSWORD = 'a-new-Staff-passw0rd'

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

  it('closes when they sign out everywhere, and every token of theirs is refused', async () => {
    const staff = await picker()
    const phone = await signIn(staff.email)
    const desk = await signIn(staff.email)
    const open = await watch(staff.id)
    const out = await call(
      '/staff/auth/sign-out-everywhere',
      { businessId: 1 },
      { bearer: desk.access_token }
    )
    expect(out.status).toBe(200)
    await until(() => open.closed !== null, 'the close')
    expect(open.closed?.code).toBe(ACCESS_ENDED_CLOSE_CODE)
    for (const tokens of [phone, desk]) {
      expect((await me(tokens.access_token)).status).toBe(401)
      const refresh = await call('/staff/auth/token', {
        grant_type: 'refresh_token',
        businessId: 1,
        refresh_token: tokens.refresh_token,
      })
      expect(refresh.status).toBe(401)
    }
  })

  it('closes when they change their password; the other sessions end, this one stays', async () => {
    const staff = await picker()
    const phone = await signIn(staff.email)
    const desk = await signIn(staff.email)
    const open = await watch(staff.id)
    const wrong = await call(
      '/staff/auth/change-password',
      { businessId: 1, currentPassword: 'not-the-password', password: NEW_PASSWORD },
      { bearer: desk.access_token }
    )
    expect(wrong.status).toBe(422)
    expect((await me(phone.access_token)).status).toBe(200)
    const changed = await call(
      '/staff/auth/change-password',
      { businessId: 1, currentPassword: PASSWORD, password: NEW_PASSWORD },
      { bearer: desk.access_token }
    )
    expect(changed.status, JSON.stringify(changed.json)).toBe(200)
    await until(() => open.closed !== null, 'the close')
    expect(open.closed?.code).toBe(ACCESS_ENDED_CLOSE_CODE)
    expect((await me(phone.access_token)).status).toBe(401)
    expect((await me(desk.access_token)).status).toBe(200)
    const revoked = await env.DB.prepare(
      `select revoked_reason from staff_sessions where staff_id = ?1 and revoked_at is not null`
    )
      .bind(staff.id)
      .all<{ revoked_reason: string }>()
    expect(revoked.results.map((row) => row.revoked_reason)).toEqual(['password_changed'])
    // The old password no longer signs in; the new one does.
    expect((await passwordStep(staff.email)).status).toBe(401)
    expect((await passwordStep(staff.email, NEW_PASSWORD)).status).toBe(200)
  }, 60_000)
})
