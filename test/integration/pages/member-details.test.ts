import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { PASSWORD, registerMember, uniqueEmail } from '../auth/fixtures.ts'
import { lastCodeTo, otherCode } from '../member/profile-fixtures.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { pageClient, pageText, registration } from './storefront.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '192.0.2')
const DETAILS = '/member/my-details'

// Northside Market (brand 2) registers with verification by code; Corner Fresh does not.
const northside = pageClient(app, '192.0.2', 'http://127.0.0.1')

beforeAll(async () => {
  await seedDemo(env.DB)
  await env.DB.prepare(
    `update brand_settings set settings_json = json_set(settings_json,
       '$.requireEmailVerification', json('true'))
     where brand_id = 2 and section = 'register'`
  ).run()
})

/** Registers through the page (ticking `extra` boxes) and answers the member's cookies. */
async function signedUp(extra: Record<string, string> = {}) {
  const email = uniqueEmail('details')
  const res = await postForm('/register', { ...registration(email), ...extra })
  expect(res.status).toBe(303)
  return { email, cookies: jar(res) }
}

const customer = (email: string) =>
  env.DB.prepare('select id, first_name, phone, email, status from customers where email = ?1')
    .bind(email)
    .first<{ id: number; first_name: string; phone: string | null; status: string }>()

describe('/member/my-details', () => {
  it('is for members only and private', async () => {
    expect((await get(DETAILS)).status).toBe(302)
    const { cookies } = await signedUp()
    const res = await get(DETAILS, cookies)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain(`action="${DETAILS}" method="post"`)
    expect(html).toContain('value="Ada"')
    expect(html).toContain('Download my data')
  })

  it('saves the details without JavaScript, refusing a bad mobile with nothing changed', async () => {
    const { email, cookies } = await signedUp()
    const fields = {
      action: 'save',
      firstname: 'Grace',
      lastname: 'Hopper',
      whereHeard: 'Other',
      retailMemberId: '',
    }
    const refused = await postForm(DETAILS, { ...fields, mobileContactNumber: '12345' }, cookies)
    expect(refused.status).toBe(422)
    const text = pageText(await refused.text())
    expect(text).toContain(MESSAGES.mobileInvalid)
    expect((await customer(email))?.first_name).toBe('Ada')

    const badRetail = await postForm(
      DETAILS,
      { ...fields, mobileContactNumber: '', retailMemberId: 'x!' },
      cookies
    )
    expect(badRetail.status).toBe(422)
    expect(pageText(await badRetail.text())).toContain(MESSAGES.retailMembershipInvalid)

    const saved = await postForm(
      DETAILS,
      { ...fields, mobileContactNumber: '07700 900555' },
      cookies
    )
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`${DETAILS}?notice=saved`)
    expect(await customer(email)).toMatchObject({ first_name: 'Grace', phone: '+447700900555' })
    const page = await (await get(`${DETAILS}?notice=saved`, cookies)).text()
    expect(pageText(page)).toContain(MESSAGES.profileSaved)
    // Kept in E.164, shown as the shopper typed it (issue 35 item 20).
    expect(page).toContain('value="07700 900555"')
    const profile = pageText(await (await get('/member/profile', cookies)).text())
    expect(profile).toContain('Mobile 07700 900555')
    expect(profile).not.toContain('+447700900555')
  })

  it('keeps a where-heard answer of the members’ own, and stores a chosen one as it always has', async () => {
    const { email, cookies } = await signedUp({ whereHeard: 'friend OR family' })
    const heard = () =>
      env.DB.prepare('select where_heard from customers where email = ?1')
        .bind(email)
        .first<string>('where_heard')
    // The registration form's parser makes an option's value exact.
    expect(await heard()).toBe('Friend or family')
    const fields = { action: 'save', firstname: 'Ada', lastname: 'Lovelace', retailMemberId: '' }
    const own = await postForm(DETAILS, { ...fields, whereHeard: 'A radio advert' }, cookies)
    expect(own.status).toBe(303)
    expect(await heard()).toBe('A radio advert')
    const page = await (await get(DETAILS, cookies)).text()
    expect(page).toContain('<option value="A radio advert" selected="">A radio advert</option>')
    expect(page).toContain('<option value="Saw the store">Saw the store</option>')
  })

  it('changes the email only with the code sent to the new address', async () => {
    const { email, cookies } = await signedUp()
    const newEmail = uniqueEmail('moved')
    const requested = await postForm(DETAILS, { action: 'email-change', newEmail }, cookies)
    expect(requested.status).toBe(303)
    expect(requested.headers.get('location')).toBe(`${DETAILS}?notice=email-code`)
    expect(pageText(await (await get(`${DETAILS}?notice=email-code`, cookies)).text())).toContain(
      `We have sent a 6-digit code to ${newEmail}`
    )
    const code = await lastCodeTo(newEmail, 'email_change_code')
    const wrong = await postForm(
      DETAILS,
      { action: 'email-confirm', verificationCode: otherCode(code) },
      cookies
    )
    expect(wrong.status).toBe(422)
    expect(pageText(await wrong.text())).toContain(MESSAGES.codeIncorrect)
    expect(await customer(email)).not.toBeNull()

    const right = await postForm(
      DETAILS,
      { action: 'email-confirm', verificationCode: code },
      cookies
    )
    expect(right.status).toBe(303)
    expect(await customer(email)).toBeNull()
    expect(await customer(newEmail)).not.toBeNull()
  })

  it('offers the verification screen to an unverified member: wrong code, then the right one', async () => {
    const { email } = await registerMember({ registrationType: 'registered_with_verification' })
    const cookies = jar(await postForm('/login', { email, password: PASSWORD }))
    const details = pageText(await (await get(DETAILS, cookies)).text())
    expect(details).toContain('Not verified yet')
    const screen = pageText(await (await get(`${DETAILS}?step=verify-email`, cookies)).text())
    expect(screen).toContain('Verify your email address')

    const code = await lastCodeTo(email, 'email_verification')
    const wrong = await postForm(
      DETAILS,
      { action: 'verify-check', verificationCode: otherCode(code) },
      cookies
    )
    expect(wrong.status).toBe(422)
    expect(pageText(await wrong.text())).toContain(MESSAGES.codeIncorrect)
    const resent = await postForm(DETAILS, { action: 'verify-request' }, cookies)
    expect(resent.headers.get('location')).toBe(`${DETAILS}?step=verify-email&notice=code-sent`)
    const fresh = await lastCodeTo(email, 'email_verification')
    const right = await postForm(
      DETAILS,
      { action: 'verify-check', verificationCode: fresh },
      cookies
    )
    expect(right.headers.get('location')).toBe(`${DETAILS}?notice=verified`)
    expect(pageText(await (await get(DETAILS, cookies)).text())).toContain('(verified)')
  })

  it('downloads the data export as JSON', async () => {
    const { email, cookies } = await signedUp()
    const res = await get(`${DETAILS}?download=data`, cookies)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const data = await res.json<{ profile: { email: string } }>()
    expect(data.profile.email).toBe(email)
  })

  it('forgets the member with the emailed code: signed out, and cannot sign in again', async () => {
    const { email, cookies } = await signedUp()
    const requested = await postForm(DETAILS, { action: 'forget-request' }, cookies)
    expect(requested.headers.get('location')).toBe(`${DETAILS}?step=forget-me&notice=forget-code`)
    const code = await lastCodeTo(email, 'forget_me_code')
    const confirmed = await postForm(
      DETAILS,
      { action: 'forget-confirm', confirmationCode: code },
      cookies
    )
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/')
    expect(setCookieLine(confirmed, 'sf_access')).toMatch(/^sf_access=;/)
    const home = await get('/', jar(confirmed, cookies))
    expect(pageText(await home.text())).toContain(MESSAGES.accountForgotten)
    const login = await postForm('/login', { email, password: PASSWORD })
    expect(login.status).toBe(422)
    expect(await customer(email)).toBeNull()
  })
})

describe('registration with verification', () => {
  it('registers unverified, emails a code and lands on the verification screen', async () => {
    const email = uniqueEmail('verify')
    const res = await northside.postForm('/register', registration(email))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${DETAILS}?step=verify-email`)
    expect(
      await env.DB.prepare(
        'select registration_type, email_verified_at from customers where email = ?1'
      )
        .bind(email)
        .first()
    ).toEqual({ registration_type: 'registered_with_verification', email_verified_at: null })
    expect(await lastCodeTo(email, 'email_verification')).toMatch(/^\d{6}$/)
    const screen = await northside.get(`${DETAILS}?step=verify-email`, jar(res))
    expect(pageText(await screen.text())).toContain('Verify your email address')
  })
})

describe('/member/profile', () => {
  const consents = (email: string) =>
    env.DB.prepare(
      `select m.channel, m.opted_in as optedIn, m.source from marketing_consents m
       join customers c on c.id = m.customer_id where c.email = ?1 order by m.id`
    )
      .bind(email)
      .all()
      .then((r) => r.results)

  it('records the opt-in ticked at registration, and nothing unticked', async () => {
    const { email } = await signedUp({ 'marketing-sms': 'in' })
    expect(await consents(email)).toEqual([{ channel: 'sms', optedIn: 1, source: 'registration' }])
    const { email: none } = await signedUp()
    expect(await consents(none)).toEqual([])
  })

  it('offers every channel unticked and saves a change without JavaScript', async () => {
    const { email, cookies } = await signedUp()
    const html = await (await get('/member/profile', cookies)).text()
    expect(html).toContain('action="/member/profile" method="post"')
    const channelBoxes = html.split('<label').filter((label) => label.includes('name="channel-'))
    expect(channelBoxes.some((label) => label.includes('checked=""'))).toBe(false)
    const ids = /name="channels" value="([\d,]+)"/.exec(html)?.[1] ?? ''
    const smsLabel = html.split('<label').find((label) => label.includes('Text messages')) ?? ''
    const sms = /name="channel-(\d+)"/.exec(smsLabel)?.[1]
    expect(ids.split(',')).toHaveLength(3)
    const saved = await postForm(
      '/member/profile',
      { channels: ids, [`channel-${sms}`]: 'in' },
      cookies
    )
    expect(saved.headers.get('location')).toBe('/member/profile?saved=1')
    const page = pageText(await (await get('/member/profile?saved=1', cookies)).text())
    expect(page).toContain(MESSAGES.preferencesSaved)
    expect(page).toContain('Text message : opted in on this page')
    expect(await consents(email)).toEqual([{ channel: 'sms', optedIn: 1, source: 'profile' }])
  })

  it('saves the default substitution choice without JavaScript', async () => {
    const { email, cookies } = await signedUp()
    const html = await (await get('/member/profile', cookies)).text()
    const checked = html.split('<label').find((label) => label.includes('value="best_match"'))
    expect(checked).toContain('checked=""')
    const saved = await postForm(
      '/member/profile',
      { intent: 'substitutions', substitution: 'none' },
      cookies
    )
    expect(saved.headers.get('location')).toBe('/member/profile?saved=1')
    const page = await (await get('/member/profile?saved=1', cookies)).text()
    expect(pageText(page)).toContain(MESSAGES.preferencesSaved)
    const none = page.split('<label').find((label) => label.includes('value="none"'))
    expect(none).toContain('checked=""')
    const row = await env.DB.prepare(
      'select default_allow_substitutes as allow from customers where email = ?1'
    )
      .bind(email)
      .first<{ allow: number }>()
    expect(row?.allow).toBe(0)
  })
})
