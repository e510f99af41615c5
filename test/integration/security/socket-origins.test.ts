import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { trackingLivePath } from '../../../schemas/tracking.ts'
import { createApp } from '../../../worker/app.ts'
import { signTrackingToken } from '../../../worker/backend/tracking/token.ts'
import { cashOrder, seedCheckout, STORES } from '../store-orders/fixtures.ts'
import { orderNumberOf } from '../tracking/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { operatorPagesClient } from '../pages/operator/console-client.ts'
import { ORIGIN, testEnv } from '../pages/storefront.ts'
import { withAppVersion } from '../../support/app-version.ts'

/*
 * The live sockets open only from the brand's own pages (issue 36, item 8): the board and the
 * tracking page answered 101 to a page of any site, which could then read the board or the
 * order's position with the visitor's cookies. And an operator's board socket opens only for a
 * store of the business.
 */

const app = createApp()
const { signIn } = operatorPagesClient('198.51.108', app)

/** The origins a browser could send from a page that is not this host's. */
const FOREIGN = ['http://evil.example', 'null', 'http://shop.localhost', 'https://localhost']

async function consoleCookies(options: Parameters<typeof seedStaff>[0]): Promise<string> {
  return signIn((await seedStaff(options)).email)
}

function boardUpgrade(storeId: number, cookies: string, origin?: string): Promise<Response> {
  return Promise.resolve(
    app.request(
      `${ORIGIN}/store/${storeId}/board/live`,
      {
        headers: {
          upgrade: 'websocket',
          cookie: withAppVersion(cookies),
          ...(origin ? { origin } : {}),
        },
      },
      testEnv
    )
  )
}

/** Closes an opened socket so the Durable Object is left idle. */
function closeIfOpen(res: Response): void {
  const ws = res.webSocket
  if (!ws) return
  ws.accept()
  ws.close()
}

beforeAll(async () => {
  await seedCheckout(env.DB)
})

describe('the board socket', () => {
  it("opens from the console's own page and from no other origin", async () => {
    const cookies = await consoleCookies({ roles: [{ storeId: STORES.main, role: 'picker' }] })
    for (const origin of FOREIGN) {
      const res = await boardUpgrade(STORES.main, cookies, origin)
      expect(res.status, origin).toBe(403)
      expect(res.webSocket, origin).toBeNull()
      expect(await res.text()).toContain(MESSAGES.crossOriginRefused)
    }
    const own = await boardUpgrade(STORES.main, cookies, ORIGIN)
    expect(own.status).toBe(101)
    closeIfOpen(own)
  })

  it("opens for an operator at the business's stores only, never an unknown store id", async () => {
    const cookies = await consoleCookies({ operator: true })
    const own = await boardUpgrade(STORES.main, cookies, ORIGIN)
    expect(own.status).toBe(101)
    closeIfOpen(own)
    for (const storeId of [987654, 9999]) {
      const res = await boardUpgrade(storeId, cookies, ORIGIN)
      expect(res.status, String(storeId)).toBe(404)
      expect(res.webSocket).toBeNull()
      await res.arrayBuffer()
    }
  })
})

describe('the tracking socket', () => {
  it("opens from the brand's own page and from no other origin", async () => {
    const order = await cashOrder()
    const number = await orderNumberOf(order.orderId)
    const token = await signTrackingToken(
      env.SESSION_SECRET,
      { businessId: 1, orderId: order.orderId },
      new Date(Date.now() + 86_400_000)
    )
    const url = `http://localhost${trackingLivePath(number, token)}`
    for (const origin of FOREIGN) {
      const res = await SELF.fetch(url, { headers: { upgrade: 'websocket', origin } })
      expect(res.status, origin).toBe(403)
      expect(res.webSocket, origin).toBeNull()
      await res.arrayBuffer()
    }
    const own = await SELF.fetch(url, { headers: { upgrade: 'websocket', origin: ORIGIN } })
    expect(own.status).toBe(101)
    closeIfOpen(own)
  })
})
