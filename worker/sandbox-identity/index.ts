import { Hono, type Context } from 'hono'
import { csrf } from 'hono/csrf'
import type { SocialProvider } from '../../schemas/auth.ts'
import { EmailSchema } from '../../schemas/common.ts'
import type { AppEnv } from '../env.ts'
import { now } from '../lib/clock.ts'
import { sha256Hex } from '../lib/crypto.ts'
import { readFormFields } from '../lib/request-body.ts'
import {
  socialCallbackUrl,
  socialClientIds,
  socialProviderOf,
  socialSandboxActive,
} from '../lib/social-sign-in.ts'
import { sandboxJwks, signSandboxIdToken } from './keys.ts'
import { type AuthoriseRequest, answerPage, authorisePage, refusalPage } from './pages.ts'

/*
 * The sandbox identity provider (ADR 026): stands in for Google, Apple and Facebook when
 * SOCIAL_SIGN_IN=sandbox outside production. Its authorisation page lets a developer or a test
 * pick a test person (or cancel, or fail); it then posts an RS256 ID token, signed with the key
 * kept in D1 (migration 0039), back to the shop's callback exactly as a provider's form_post
 * would. Only the shop's own callback on this origin is accepted as redirect_uri.
 */
export const sandboxIdentity = new Hono<AppEnv>()

sandboxIdentity.use('*', async (c, next) => {
  if (!socialSandboxActive(c.env)) return c.notFound()
  await next()
  c.header('Cache-Control', 'private, no-store')
})

sandboxIdentity.get('/.well-known/jwks.json', async (c) =>
  c.json(await sandboxJwks(c.env.DB, now(c.env)))
)

type SandboxContext = Context<AppEnv>

/** The authorisation request when it is one this sandbox answers, else why not. */
function checkRequest(
  c: SandboxContext,
  provider: SocialProvider,
  fields: Record<string, string | undefined>
): AuthoriseRequest | string {
  const request = {
    clientId: fields.client_id ?? '',
    redirectUri: fields.redirect_uri ?? '',
    state: fields.state ?? '',
    nonce: fields.nonce ?? '',
  }
  if (!socialClientIds(c.env, provider).includes(request.clientId)) return 'Unknown client_id.'
  if (request.redirectUri !== socialCallbackUrl(new URL(c.req.url).origin, provider)) {
    return "redirect_uri must be the shop's callback on this site."
  }
  if (!request.state || !request.nonce) return 'state and nonce are required.'
  return request
}

function providerOf(c: SandboxContext): SocialProvider | null {
  return socialProviderOf(c.req.param('provider'))
}

sandboxIdentity.get('/:provider/authorize', (c) => {
  const provider = providerOf(c)
  if (!provider) return c.notFound()
  const request = checkRequest(c, provider, c.req.query())
  if (typeof request === 'string') return c.html(refusalPage(request, c.var.nonce), 400)
  return c.html(authorisePage({ provider, request }, c.var.nonce))
})

sandboxIdentity.post('/:provider/authorize', csrf(), async (c) => {
  const provider = providerOf(c)
  if (!provider) return c.notFound()
  const form = await readFormFields(c.req.raw)
  const request = checkRequest(c, provider, form)
  if (typeof request === 'string') return c.html(refusalPage(request, c.var.nonce), 400)
  const answer = (fields: Record<string, string>) =>
    c.html(answerPage({ redirectUri: request.redirectUri, fields }, c.var.nonce))
  // Cancel: what a provider answers when the person closes its dialog.
  if (form.outcome === 'cancel') return answer({ state: request.state, error: 'access_denied' })
  const email = EmailSchema.safeParse(form.email ?? '')
  if (!email.success) {
    return c.html(
      authorisePage({ provider, request, error: 'Enter a valid email address.' }, c.var.nonce),
      422
    )
  }
  const givenName = (form.given_name ?? '').trim().slice(0, 50)
  const familyName = (form.family_name ?? '').trim().slice(0, 50)
  const token = await signSandboxIdToken(
    c.env.DB,
    {
      provider,
      audience: request.clientId,
      // Fail: a token the shop must refuse (it answers another sign-in's nonce).
      nonce: form.outcome === 'fail' ? `${request.nonce}-other` : request.nonce,
      person: {
        email: email.data,
        // Apple's ID tokens never carry a name: it comes beside them, in `user`.
        givenName: provider === 'apple' ? '' : givenName,
        familyName: provider === 'apple' ? '' : familyName,
        emailVerified: form.email_verified === 'true',
        subject: `sandbox-${(await sha256Hex(`${provider}:${email.data}`)).slice(0, 24)}`,
      },
    },
    now(c.env)
  )
  const fields: Record<string, string> = { state: request.state, id_token: token }
  if (provider === 'apple') {
    fields.code = 'sandbox-authorization-code'
    fields.user = JSON.stringify({
      name: { firstName: givenName, lastName: familyName },
      email: email.data,
    })
  }
  return answer(fields)
})
