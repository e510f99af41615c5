import { describe, expect, it } from 'vitest'
import {
  codeChallengeS256,
  CodeExchangeError,
  createCodeVerifier,
  facebookCodeExchange,
} from '../../../worker/lib/facebook-code-flow.ts'

const REQUEST = {
  code: 'the-code-from-facebook',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'https://shop.example/auth/social/facebook/callback',
  clientId: '1234567890',
}

/** A fake Facebook token endpoint answering `body` with `status`, recording what it was asked. */
function fakeFacebook(status: number, body: unknown) {
  const asked: Array<{ url: string; method: string }> = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), method: init?.method ?? 'GET' })
    return Response.json(body, { status })
  }) as typeof fetch
  return { asked, fetcher }
}

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
    )
  })

  it('makes a fresh 43-character base64url verifier each time', () => {
    const first = createCodeVerifier()
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(createCodeVerifier()).not.toBe(first)
  })
})

describe('the code exchange', () => {
  it("asks Graph's token endpoint with the code and verifier and answers the id_token", async () => {
    const { asked, fetcher } = fakeFacebook(200, {
      access_token: 'EAAB',
      token_type: 'bearer',
      expires_in: 5183944,
      id_token: 'header.payload.signature',
    })
    await expect(facebookCodeExchange(fetcher).exchange(REQUEST)).resolves.toBe(
      'header.payload.signature'
    )
    expect(asked).toHaveLength(1)
    const url = new URL(asked[0]?.url ?? '')
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://graph.facebook.com/v19.0/oauth/access_token'
    )
    expect(asked[0]?.method).toBe('GET')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '1234567890',
      redirect_uri: REQUEST.redirectUri,
      code_verifier: REQUEST.codeVerifier,
      code: REQUEST.code,
    })
  })

  it("fails on Facebook's error, an answer without id_token, or no answer, never naming the code", async () => {
    const refused = fakeFacebook(400, {
      error: { message: 'Invalid code verifier', type: 'OAuthException', code: 100 },
    })
    const withoutToken = fakeFacebook(200, { access_token: 'EAAB', token_type: 'bearer' })
    const unreachable = (() => Promise.reject(new TypeError('network down'))) as typeof fetch
    for (const fetcher of [refused.fetcher, withoutToken.fetcher, unreachable]) {
      const attempt = facebookCodeExchange(fetcher).exchange(REQUEST)
      await expect(attempt).rejects.toBeInstanceOf(CodeExchangeError)
      const message = await attempt.catch((error: Error) => error.message)
      expect(message).not.toContain(REQUEST.code)
      expect(message).not.toContain(REQUEST.codeVerifier)
      expect(message).not.toContain('EAAB')
    }
  })

  it('gives up after its timeout', async () => {
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })) as typeof fetch
    await expect(facebookCodeExchange(hanging, 20).exchange(REQUEST)).rejects.toThrow(
      /unreachable \(TimeoutError\)/
    )
  })
})
