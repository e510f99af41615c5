import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  createMessenger,
  HttpMessenger,
  type OutgoingMessage,
  OutboxMessenger,
} from '../../../worker/backend/messaging/messenger.ts'

const MESSAGE: OutgoingMessage = {
  businessId: 1,
  channel: 'email',
  to: 'ada@example.com',
  template: 'password_reset',
  data: { resetPath: '/member/reset-token/abc', firstName: 'Ada' },
}

function recordingFetch(status: number) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetcher = (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return Promise.resolve(new Response('{}', { status }))
  }
  return { calls, fetcher }
}

describe('HttpMessenger', () => {
  it('posts the message as JSON with the API key', async () => {
    const { calls, fetcher } = recordingFetch(202)
    const messenger = new HttpMessenger({
      url: 'https://messages.example.com/send',
      apiKey: 'key-123',
      fetch: fetcher,
    })
    await messenger.send(MESSAGE)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('https://messages.example.com/send')
    const headers = new Headers(calls[0]?.init.headers)
    expect(headers.get('authorization')).toBe('Bearer key-123')
    expect(headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      businessId: 1,
      channel: 'email',
      to: 'ada@example.com',
      template: 'password_reset',
      data: MESSAGE.data,
    })
  })

  it('turns a refusal or a network failure into upstream_error', async () => {
    const refused = new HttpMessenger({
      url: 'https://messages.example.com/send',
      apiKey: 'key',
      fetch: recordingFetch(500).fetcher,
    })
    await expect(refused.send(MESSAGE)).rejects.toMatchObject({
      code: 'upstream_error',
      message: MESSAGES.messageSendFailed,
    })
    const down = new HttpMessenger({
      url: 'https://messages.example.com/send',
      apiKey: 'key',
      fetch: () => Promise.reject(new TypeError('network down')),
    })
    await expect(down.send(MESSAGE)).rejects.toMatchObject({ code: 'upstream_error' })
  })
})

describe('createMessenger', () => {
  const base = { DB: env.DB, MESSAGING_API_URL: '' }

  it('defaults to the outbox', () => {
    expect(createMessenger({ ...base, MESSAGING_PROVIDER: '' })).toBeInstanceOf(OutboxMessenger)
    expect(createMessenger({ ...base, MESSAGING_PROVIDER: 'local' })).toBeInstanceOf(
      OutboxMessenger
    )
  })

  it('uses the HTTP provider with its URL and key', async () => {
    const { calls, fetcher } = recordingFetch(200)
    const messenger = createMessenger(
      {
        ...base,
        MESSAGING_PROVIDER: 'http',
        MESSAGING_API_URL: 'https://messages.example.com/send',
        MESSAGING_API_KEY: 'secret',
      },
      fetcher
    )
    await messenger.send(MESSAGE)
    expect(calls).toHaveLength(1)
  })

  it.each([
    ['an unknown provider', { MESSAGING_PROVIDER: 'carrier-pigeon' }],
    ['http without a key', { MESSAGING_PROVIDER: 'http', MESSAGING_API_URL: 'https://x.test' }],
    [
      'http to a plain-text URL',
      { MESSAGING_PROVIDER: 'http', MESSAGING_API_URL: 'http://x.test', MESSAGING_API_KEY: 'k' },
    ],
  ])('fails every send with %s (never drops messages silently)', async (_label, config) => {
    const { calls, fetcher } = recordingFetch(200)
    const messenger = createMessenger({ ...base, ...config }, fetcher)
    await expect(messenger.send(MESSAGE)).rejects.toMatchObject({ code: 'upstream_error' })
    expect(calls).toHaveLength(0)
  })
})
