import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { MarketingPreferencesSchema, MemberProfileSchema } from '../../../schemas/member-profile.ts'
import {
  BUSINESS,
  BUSINESS_ID,
  call,
  expectError,
  lastCodeTo,
  memberWithDetails,
  otherCode,
  seedCatalogue,
  send,
} from './profile-fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

const profileOf = async (bearer: string) =>
  MemberProfileSchema.parse((await send('GET', '/member/profile', BUSINESS, bearer)).json)

describe('profile', () => {
  it('answers the member their own profile, and a guest or no token 401', async () => {
    const member = await memberWithDetails()
    const profile = await profileOf(member.bearer)
    expect(profile).toMatchObject({
      firstname: member.firstName,
      lastname: member.lastName,
      mobileContactNumber: member.phone,
      email: member.email,
      // Registering proves nothing about the address: only a code we sent does (issue 36.1).
      emailVerified: false,
      pendingEmail: null,
    })
    expectError(await send('GET', '/member/profile', BUSINESS), 401, MESSAGES.loginRequired)
    const guest = await call('/oauth/token', { grant_type: 'guest', businessId: BUSINESS_ID })
    const guestToken = (guest.json as { access_token: string }).access_token
    expectError(
      await send('GET', '/member/profile', BUSINESS, guestToken),
      401,
      MESSAGES.loginRequired
    )
  })

  it('saves names, a normalised mobile, where-heard and a retail membership id', async () => {
    const member = await memberWithDetails()
    const answer = await send(
      'PUT',
      '/member/profile',
      {
        ...BUSINESS,
        firstname: ' Grace ',
        lastname: 'Hopper',
        mobileContactNumber: '07700 900777',
        whereHeard: 'A leaflet',
        retailMemberId: 'ab-12 34',
      },
      member.bearer
    )
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({
      firstname: 'Grace',
      lastname: 'Hopper',
      mobileContactNumber: '+447700900777',
      whereHeard: 'A leaflet',
      retailMemberId: 'AB1234',
    })
  })

  it("keeps the fields a PUT of the spec's three leaves out", async () => {
    const member = await memberWithDetails()
    const put = (body: Record<string, unknown>) =>
      send(
        'PUT',
        '/member/profile',
        { ...BUSINESS, firstname: 'A', lastname: 'B', ...body },
        member.bearer
      )
    await put({ whereHeard: 'A leaflet', retailMemberId: 'ABC123' })
    const answer = await put({ mobileContactNumber: '' })
    expect(answer.json).toMatchObject({
      mobileContactNumber: null,
      whereHeard: 'A leaflet',
      retailMemberId: 'ABC123',
    })
  })

  it.each([
    [{ firstname: '' }, MESSAGES.firstNameRequired],
    [{ lastname: ' ' }, MESSAGES.lastNameRequired],
    [{ mobileContactNumber: '01612345678' }, MESSAGES.mobileInvalid],
    [{ retailMemberId: 'no!' }, MESSAGES.retailMembershipInvalid],
  ])('refuses %o with its message and changes nothing', async (change, message) => {
    const member = await memberWithDetails()
    const before = await profileOf(member.bearer)
    const answer = await send(
      'PUT',
      '/member/profile',
      { ...BUSINESS, firstname: 'New', lastname: 'Name', ...change },
      member.bearer
    )
    expect(answer.status).toBe(422)
    expect(JSON.stringify(answer.json)).toContain(message)
    expect(await profileOf(member.bearer)).toEqual(before)
  })
})

describe('email change', () => {
  it('changes the email only once the code sent to the new address is checked', async () => {
    const member = await memberWithDetails()
    const newEmail = `moved.${Date.now()}@example.com`
    const requested = await call(
      '/member/email-change/request',
      { ...BUSINESS, newEmail: newEmail.toUpperCase() },
      { bearer: member.bearer }
    )
    expect(requested.status).toBe(200)
    expect((await profileOf(member.bearer)).email).toBe(member.email)
    expect((await profileOf(member.bearer)).pendingEmail).toBe(newEmail)

    const code = await lastCodeTo(newEmail, 'email_change_code')
    expectError(
      await call(
        '/member/email-change/confirm',
        { ...BUSINESS, verificationCode: otherCode(code) },
        { bearer: member.bearer }
      ),
      422,
      MESSAGES.codeIncorrect
    )
    expect((await profileOf(member.bearer)).email).toBe(member.email)

    const confirmed = await call(
      '/member/email-change/confirm',
      { ...BUSINESS, verificationCode: code },
      { bearer: member.bearer }
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.json).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    })
    // The old address is told.
    const told = await env.DB.prepare(
      `select count(*) as n from outbox where recipient = ?1 and template = 'email_changed'`
    )
      .bind(member.email)
      .first<{ n: number }>()
    expect(told?.n).toBe(1)
    // The code is used up.
    expectError(
      await call(
        '/member/email-change/confirm',
        { ...BUSINESS, verificationCode: code },
        { bearer: member.bearer }
      ),
      422,
      MESSAGES.emailVerifyFailed
    )
  })

  it("refuses another account's address and sends nothing", async () => {
    const member = await memberWithDetails()
    const other = await memberWithDetails()
    expectError(
      await call(
        '/member/email-change/request',
        { ...BUSINESS, newEmail: other.email },
        { bearer: member.bearer }
      ),
      409,
      MESSAGES.emailRegistered
    )
  })
})

describe('marketing preferences', () => {
  const prefs = async (bearer: string) =>
    MarketingPreferencesSchema.parse(
      (await send('GET', '/member/marketing-preferences', BUSINESS, bearer)).json
    )

  it('are out on every channel by default, with no history', async () => {
    const member = await memberWithDetails()
    const answer = await prefs(member.bearer)
    expect(answer.channels.map((c) => [c.channel, c.optedIn])).toEqual([
      ['email', false],
      ['sms', false],
      ['push', false],
    ])
    expect(answer.history).toEqual([])
  })

  it('records a consent row with time and source for each change, none for no change', async () => {
    const member = await memberWithDetails()
    const { channels } = await prefs(member.bearer)
    const id = (channel: string) => channels.find((c) => c.channel === channel)?.marketingChannelId
    const put = (options: Array<{ marketingChannelId: number | undefined; optedIn: boolean }>) =>
      send(
        'PUT',
        '/member/marketing-preferences',
        { ...BUSINESS, marketingOptions: options },
        member.bearer
      )

    expect((await put([{ marketingChannelId: id('sms'), optedIn: true }])).status).toBe(200)
    // Email "out" again is no change.
    await put([
      { marketingChannelId: id('sms'), optedIn: true },
      { marketingChannelId: id('email'), optedIn: false },
    ])
    await put([{ marketingChannelId: id('sms'), optedIn: false }])

    const answer = await prefs(member.bearer)
    expect(answer.channels.find((c) => c.channel === 'sms')?.optedIn).toBe(false)
    const recordedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(answer.history).toEqual([
      { channel: 'sms', optedIn: false, source: 'profile', recordedAt },
      { channel: 'sms', optedIn: true, source: 'profile', recordedAt },
    ])
    // Stamped by the app's clock (the pinned instant, moving on in real time).
    for (const row of answer.history) {
      expect(Math.abs(Date.parse(row.recordedAt) - Date.now())).toBeLessThan(60_000)
    }
  })

  it('refuses an unknown channel id with 404 and saves nothing', async () => {
    const member = await memberWithDetails()
    const answer = await send(
      'PUT',
      '/member/marketing-preferences',
      { ...BUSINESS, marketingOptions: [{ marketingChannelId: 999999, optedIn: true }] },
      member.bearer
    )
    expect(answer.status).toBe(404)
    expect((await prefs(member.bearer)).history).toEqual([])
  })
})
