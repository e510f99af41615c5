import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { uniqueEmail } from '../auth/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText, registration } from './storefront.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '192.0.12')
const PATH = '/member/addresses'

beforeAll(async () => {
  await seedDemo(env.DB)
})

async function signedUpMember(): Promise<string> {
  const res = await postForm('/register', registration(uniqueEmail('addresses')))
  expect(res.status).toBe(303)
  return jar(res)
}

const HOME = {
  action: 'add',
  type: 'delivery',
  name: 'Home',
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '1 Piccadilly',
  town: 'Manchester',
  postcode: 'm1 1ad',
  country: 'GB',
}

async function page(cookies: string, query = ''): Promise<string> {
  const res = await get(`${PATH}${query}`, cookies)
  const html = await res.text()
  expect(res.status, pageText(html).slice(0, 900)).toBe(200)
  return html
}

describe('/member/addresses without JavaScript', () => {
  it('sends a signed-out shopper to sign in', async () => {
    const res = await get(PATH)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
  })

  it('is private, lists nothing at first and offers the add form with the postcode lookup', async () => {
    const cookies = await signedUpMember()
    const res = await get(PATH, cookies)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const html = await res.text()
    expect(res.status, pageText(html).slice(0, 1500)).toBe(200)
    expect(html).toContain('aria-current="page"')
    expect(pageText(html)).toContain('No delivery addresses yet.')
    expect(html).toContain(`action="${PATH}" method="post"`)
    expect(html).toContain('name="lookup"')
    // The address search island shows itself only once hydrated: without JavaScript it is hidden.
    expect(html).toMatch(/data-island="AddressFinder"[^>]*>\s*<div hidden=""/)
  })

  it('adds, marks the first as default, sets another default, edits and deletes after asking', async () => {
    const cookies = await signedUpMember()
    const added = await postForm(PATH, HOME, cookies)
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe(`${PATH}?done=added`)
    let text = pageText(await page(cookies, '?done=added'))
    expect(text).toContain(MESSAGES.addressSaved)
    expect(text).toMatch(/Home Default Ada Lovelace 1 Piccadilly Manchester M1 1AD/)

    await postForm(PATH, { ...HOME, name: 'Work', addressLine1: '2 Portland Street' }, cookies)
    const html = await page(cookies)
    const workId = /<li aria-labelledby="address-(\d+)"[^>]*>(?:(?!<\/li>)[\s\S])*?>Work</.exec(
      html
    )?.[1]
    expect(workId).toBeTruthy()
    const made = await postForm(PATH, { action: 'default', addressId: workId! }, cookies)
    expect(made.headers.get('location')).toBe(`${PATH}?done=default&addressId=${workId}`)
    text = pageText(await page(cookies, `?done=default&addressId=${workId}`))
    expect(text).toContain(formatMessage('addressDefaultSet', 'Work', 'delivery'))
    // The default comes first and is the only one marked.
    expect(text.match(/Default/g)?.length).toBe(1)
    expect(text.indexOf('Work Default')).toBeLessThan(text.indexOf('Home'))

    const editForm = await page(cookies, `?edit=${workId}`)
    expect(pageText(editForm)).toContain('Edit Work')
    expect(editForm).toContain('value="2 Portland Street"')
    const edited = await postForm(
      PATH,
      { ...HOME, action: 'update', addressId: workId!, name: 'Office' },
      cookies
    )
    expect(edited.headers.get('location')).toBe(`${PATH}?done=updated`)

    const confirm = pageText(await page(cookies, `?delete=${workId}`))
    expect(confirm).toContain('Delete Office?')
    const deleted = await postForm(PATH, { action: 'delete', addressId: workId! }, cookies)
    expect(deleted.headers.get('location')).toBe(`${PATH}?done=deleted`)
    text = pageText(await page(cookies, '?done=deleted'))
    expect(text).toContain(MESSAGES.addressDeleted)
    expect(text).not.toContain('Office')
    // Home takes over as the default delivery address.
    expect(text).toContain('Home Default')
  })

  it("shows the spec's messages on the form and keeps what was typed, nothing saved", async () => {
    const cookies = await signedUpMember()
    const res = await postForm(PATH, { ...HOME, postcode: 'nope', town: '' }, cookies)
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(pageText(html)).toContain(MESSAGES.townRequired)
    expect(html).toContain('value="1 Piccadilly"')
    const refused = await postForm(PATH, { ...HOME, postcode: 'nope' }, cookies)
    expect(pageText(await refused.text())).toContain(formatMessage('postcodeInvalid', 'nope'))
    expect(pageText(await page(cookies))).toContain('No delivery addresses yet.')
  })

  it("answers another member's address id with the not-found message, changing nothing", async () => {
    const owner = await signedUpMember()
    await postForm(PATH, HOME, owner)
    const id = /id="address-(\d+)"/.exec(await page(owner))?.[1]
    const intruder = await signedUpMember()
    const res = await postForm(PATH, { action: 'delete', addressId: id! }, intruder)
    expect(res.status).toBe(422)
    expect(pageText(await res.text())).toContain(MESSAGES.addressNotFound)
    expect(pageText(await page(owner))).toContain('Home Default')
  })

  it('looks a postcode up and fills the form with the address picked', async () => {
    const cookies = await signedUpMember()
    const row = await env.DB.prepare(
      'select postcode from geo_addresses order by postcode limit 1'
    ).first<{ postcode: string }>()
    const postcode = row?.postcode ?? ''
    const found = await page(cookies, `?lookup=${encodeURIComponent(postcode.toLowerCase())}`)
    const pick = /href="\/member\/addresses(\?lookup=[^"]*?pick=\d+)#address-form"/.exec(found)?.[1]
    expect(pick, pageText(found)).toBeTruthy()
    const filled = await page(cookies, pick!.replace(/&amp;/g, '&'))
    expect(filled).toMatch(/name="addressLine1"[^>]*value="[^"]+"/)
    expect(filled).toContain(`value="${postcode}"`)
    const bad = pageText(await page(cookies, '?lookup=nope'))
    expect(bad).toContain(formatMessage('postcodeInvalid', 'nope'))
  })
})
