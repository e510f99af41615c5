import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { newMember, seedCheckout } from '../member/orders-fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText } from './storefront.ts'

// Favourites, buy it again and the step before checkout as a browser without JavaScript sees
// them: a heart is a form post, a guest is told why to sign in, and the step never stops a guest.
const app = createApp()
const { get, postForm } = pageClient(app, '198.51.102')

let cookies = ''
let storeSlug = ''
let item: { id: number; name: string }

beforeAll(async () => {
  await seedCheckout(env.DB)
  const member = await newMember('Ada')
  const signedIn = await postForm('/login', { email: member.email, password: PASSWORD })
  expect(signedIn.status).toBe(303)
  cookies = jar(signedIn)
  storeSlug =
    (await env.DB.prepare('select slug from stores where id = 1').first<{ slug: string }>())
      ?.slug ?? ''
  item = (await env.DB.prepare(
    `select m.id, m.name from menu_items m left join store_menu_items s
       on s.store_id = 1 and s.menu_item_id = m.id
       where m.business_id = 1 and m.is_active = 1 and coalesce(s.is_available, 1) = 1
       order by m.id limit 1`
  ).first<{ id: number; name: string }>()) ?? { id: 0, name: '' }
}, 120_000)

describe('favourites pages', () => {
  it('send a guest who taps a heart to sign in, saying why', async () => {
    const res = await postForm('/favourites/change', { itemId: String(item.id), favourite: '1' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login')
    const login = await get('/login', jar(res))
    expect(pageText(await login.text())).toContain(MESSAGES.favouritesSignIn)
  })

  it("a member's heart saves the item, listed on the store's favourites page", async () => {
    const back = `/stores/${storeSlug}`
    const res = await postForm(
      '/favourites/change',
      { itemId: String(item.id), favourite: '1', returnTo: back },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(back)
    const page = await get(`/stores/${storeSlug}/favourites`, cookies)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(pageText(html)).toContain('Your favourites')
    expect(pageText(html)).toContain(item.name)
    // The heart is filled, and says what pressing it again does.
    expect(html).toContain(`aria-label="Remove ${item.name} from favourites"`)
  })

  it('keep the member lists and the step before checkout from guests', async () => {
    for (const path of [`/stores/${storeSlug}/favourites`, `/stores/${storeSlug}/buy-it-again`]) {
      const res = await get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location')).toBe('/')
    }
    const step = await get('/basket/forgotten')
    expect(step.status).toBe(302)
    expect(step.headers.get('location')).toBe('/checkout')
  })
})
