import type { Context } from 'hono'
import { CheckoutOptionsPage } from '../../../client/pages/CheckoutOptionsPage.tsx'
import { LoginPage } from '../../../client/pages/LoginPage.tsx'
import { RegisterPage } from '../../../client/pages/RegisterPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { isSignedIn } from '../shared/session.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { enabledSocialProviders, socialSignInFailure } from '../../lib/social-sign-in.ts'
import { EmailSchema } from '../../../schemas/common.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { checkoutCaller, loadCheckoutState } from './checkout-state.ts'
import { CHECKOUT_LOGIN_EMAIL_QUERY } from '../../../client/lib/checkout-forms.ts'

/**
 * The email a shopper already gave checkout, for its sign-in form: the details step's hint (a
 * guest who typed a member's email), else the guest details checkout holds. Null when neither.
 */
async function knownEmail(c: Context<AppEnv>): Promise<string | null> {
  const hint = EmailSchema.safeParse(c.req.query(CHECKOUT_LOGIN_EMAIL_QUERY) ?? '')
  if (hint.success) return hint.data
  // Without a session there are no guest details to read (and none is started just to look).
  if (!readAccessToken(c)) return null
  const state = await loadCheckoutState(c, await checkoutCaller(c))
  return state.contact?.email ?? null
}

/** A signed-in shopper on checkout's sign-in steps goes on with checkout, told why. */
function alreadySignedIn(c: Context<AppEnv>, to = routePath('checkout')): Response {
  setFlash(c, 'alreadySignedIn')
  return redirectTo(c, to, 302)
}

/** GET /checkout/options: guest, sign in or register; a member goes straight on to details. */
export async function checkoutOptionsPage(c: Context<AppEnv>): Promise<Response> {
  if (isSignedIn(c)) return alreadySignedIn(c, routePath('checkout-details'))
  return renderPage(c, (chrome) => <CheckoutOptionsPage chrome={chrome} />, {
    meta: {
      title: requestSay(c)(MESSAGES.pageCheckout),
      description: requestSay(c)(MESSAGES.metaCheckoutGuestOrSignIn),
      noindex: true,
    },
    cache: 'private',
  })
}

/**
 * GET /checkout/login: the sign-in page itself, posting to /login with this step as its return
 * path, so password and one-time-code sign-in (tokens, basket claim) run in one place and
 * loginRedirectTarget sends the shopper back to /checkout, which picks the next step. The email
 * the shopper already gave checkout is filled in (knownEmail).
 */
export async function checkoutLoginPage(c: Context<AppEnv>): Promise<Response> {
  if (isSignedIn(c)) return alreadySignedIn(c)
  const failure = socialSignInFailure(c)
  const email = await knownEmail(c)
  return renderPage(
    c,
    (chrome) => (
      <LoginPage
        chrome={chrome}
        errors={failure ? { form: failure } : {}}
        values={email ? { email } : {}}
        otp={{
          step: 'send',
          alone: false,
          errors: {},
          values: email ? { identifier: email } : {},
        }}
        redirect={routePath('checkout-login')}
        socialProviders={enabledSocialProviders(c.env)}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageSignIn),
        description: requestSay(c)(MESSAGES.metaSignInToCheckOut),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/** GET /checkout/create: the registration page, back to /checkout once registered (as login). */
export async function checkoutCreatePage(c: Context<AppEnv>): Promise<Response> {
  if (isSignedIn(c)) return alreadySignedIn(c)
  return renderPage(
    c,
    (chrome) => (
      <RegisterPage
        chrome={chrome}
        errors={{}}
        values={{}}
        redirect={routePath('checkout-create')}
        socialProviders={enabledSocialProviders(c.env)}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageCreateAnAccount),
        description: requestSay(c)(MESSAGES.metaCreateAccountToCheckOut),
        noindex: true,
      },
      cache: 'private',
    }
  )
}
