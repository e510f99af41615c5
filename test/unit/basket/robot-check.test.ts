import { describe, expect, it } from 'vitest'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import {
  createRobotChecker,
  LocalRobotChecker,
  TURNSTILE_VERIFY_URL,
  TurnstileRobotChecker,
} from '../../../worker/backend/robot-check.ts'

describe('LocalRobotChecker', () => {
  it('accepts exactly the local token', async () => {
    const checker = new LocalRobotChecker()
    expect(await checker.verify(LOCAL_ROBOT_CHECK_TOKEN)).toBe(true)
    expect(await checker.verify(`${LOCAL_ROBOT_CHECK_TOKEN} `)).toBe(false)
    expect(await checker.verify('')).toBe(false)
  })
})

describe('TurnstileRobotChecker', () => {
  it('posts secret, token and ip to siteverify and accepts success', async () => {
    const seen: Array<{ url: string; form: FormData }> = []
    const fetcher: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), form: init?.body as FormData })
      return Response.json({ success: true })
    }
    const checker = new TurnstileRobotChecker('secret-1', fetcher)
    expect(await checker.verify('tok', '203.0.113.9')).toBe(true)
    expect(seen[0]?.url).toBe(TURNSTILE_VERIFY_URL)
    expect(seen[0]?.form.get('secret')).toBe('secret-1')
    expect(seen[0]?.form.get('response')).toBe('tok')
    expect(seen[0]?.form.get('remoteip')).toBe('203.0.113.9')
  })

  it('refuses a failed verification and an error answer', async () => {
    const refused = new TurnstileRobotChecker('s', async () =>
      Response.json({ success: false, 'error-codes': ['invalid-input-response'] })
    )
    expect(await refused.verify('tok', null)).toBe(false)
    const broken = new TurnstileRobotChecker('s', async () => new Response('oops', { status: 500 }))
    expect(await broken.verify('tok', null)).toBe(false)
  })

  it('refuses when siteverify does not answer in time', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))
      })
    const checker = new TurnstileRobotChecker('s', hanging, 20)
    expect(await checker.verify('tok', null)).toBe(false)
  })
})

describe('createRobotChecker', () => {
  it('defaults to local and fails closed when Turnstile has no secret', async () => {
    expect(
      await createRobotChecker({ ROBOT_CHECK_PROVIDER: '' }).verify(LOCAL_ROBOT_CHECK_TOKEN, null)
    ).toBe(true)
    const noSecret = createRobotChecker({ ROBOT_CHECK_PROVIDER: 'turnstile' })
    expect(await noSecret.verify(LOCAL_ROBOT_CHECK_TOKEN, null)).toBe(false)
    expect(
      createRobotChecker({ ROBOT_CHECK_PROVIDER: 'turnstile', TURNSTILE_SECRET_KEY: 'k' })
    ).toBeInstanceOf(TurnstileRobotChecker)
  })
})
