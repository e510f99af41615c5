import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { FavouriteIdsSchema, FavouritesSchema } from '../../../schemas/favourites.ts'
import { call, registerMember } from '../auth/fixtures.ts'
import { OTHER, seedCatalogue } from '../catalogue/fixtures.ts'

/* A member's favourites: hearts that add and remove idempotently, listed per store. */

let bearer: string
let otherBearer: string
let items: Array<number> = []

function favourite(path: string, menuItemId: number, as = bearer) {
  return call(`/member/favourites/${path}`, { businessId: 1, menuItemId }, { bearer: as })
}

async function listed(as = bearer): Promise<Array<number>> {
  const answer = await call('/member/favourites', { businessId: 1, storeId: 1 }, { bearer: as })
  expect(answer.status).toBe(200)
  return FavouritesSchema.parse(answer.json).items.map((item) => item.id)
}

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const found = await env.DB.prepare(
    `select m.id from menu_items m join categories c on c.id = m.category_id
     left join store_menu_items s on s.store_id = 1 and s.menu_item_id = m.id
     where c.slug = 'fresh-fruit' and m.business_id = 1 and coalesce(s.is_available, 1) = 1
     order by m.position limit 3`
  ).all<{ id: number }>()
  items = found.results.map((row) => row.id)
  bearer = (await registerMember()).tokens.access_token
  otherBearer = (await registerMember()).tokens.access_token
}, 120_000)

describe('/member/favourites', () => {
  it('adds and removes a favourite; doing either twice is the same as once', async () => {
    const [a, b] = items as [number, number]
    for (const answer of await Promise.all([favourite('add', a), favourite('add', a)])) {
      expect(answer.json).toEqual({ menuItemId: a, favourite: true })
    }
    expect((await favourite('add', b)).status).toBe(200)
    expect(await listed()).toEqual([b, a])
    expect((await favourite('remove', a)).json).toEqual({ menuItemId: a, favourite: false })
    expect((await favourite('remove', a)).status).toBe(200)
    expect(await listed()).toEqual([b])
    const ids = await call(
      '/member/favourites/ids',
      { businessId: 1, menuItemIds: items },
      { bearer }
    )
    expect(FavouriteIdsSchema.parse(ids.json).menuItemIds).toEqual([b])
  })

  it("keeps each member's favourites their own and refuses another business's item", async () => {
    const [, , c] = items as [number, number, number]
    await favourite('add', c, otherBearer)
    expect(await listed()).not.toContain(c)
    expect(await listed(otherBearer)).toContain(c)
    expect((await favourite('add', OTHER.itemId)).status).toBe(404)
  })

  it('asks a guest to sign in', async () => {
    const answer = await call('/member/favourites/add', { businessId: 1, menuItemId: items[0] })
    expect(answer.status).toBe(401)
  })
})
