import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '../../schemas/auth.ts'
import { sandboxDocument } from '../sandbox-gateway/pages.ts'

/*
 * The sandbox identity provider's HTML (ADR 026): plain accessible server HTML, clearly marked
 * SANDBOX like the sandbox card page; hono/html escapes every value.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.75rem;font-weight:700;margin-bottom:1rem}
label{display:block;margin-top:.75rem;font-weight:600}
input[type=email],input[type=text]{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.check{display:flex;gap:.5rem;align-items:center;font-weight:600;margin-top:.75rem}
button{margin-top:1rem;margin-right:.5rem;padding:.6rem 1.2rem;font-size:1rem}
.error{color:#a00000;font-weight:600}
`

export const PROVIDER_NAMES: Record<SocialProvider, string> = SOCIAL_PROVIDER_NAMES

/** The banner every sandbox identity page starts with. */
export const SANDBOX_IDENTITY_BANNER =
  'SANDBOX identity provider: test people only. No real account is used.'

function layout(title: string, nonce: string, body: Html, script?: string): Html {
  return sandboxDocument({
    title,
    nonce,
    style: STYLE,
    body: html`<main>
      <p class="banner" role="note">${SANDBOX_IDENTITY_BANNER}</p>
      ${body}
    </main>`,
    script,
  })
}

/** The authorisation request, carried through the page's form unchanged. */
export interface AuthoriseRequest {
  clientId: string
  redirectUri: string
  state: string
  nonce: string
}

export function authorisePage(
  view: { provider: SocialProvider; request: AuthoriseRequest; error?: string },
  nonce: string
): Html {
  const name = PROVIDER_NAMES[view.provider]
  const { request } = view
  return layout(
    `Sandbox ${name} sign-in`,
    nonce,
    html`<h1>Sign in with ${name} (sandbox)</h1>
      <p>Choose who signs in. The shop receives an ID token for this test person.</p>
      ${view.error ? html`<p class="error" role="alert" id="form-error">${view.error}</p>` : ''}
      <form method="post" action="/sandbox-identity/${view.provider}/authorize">
        <input type="hidden" name="client_id" value="${request.clientId}" />
        <input type="hidden" name="redirect_uri" value="${request.redirectUri}" />
        <input type="hidden" name="state" value="${request.state}" />
        <input type="hidden" name="nonce" value="${request.nonce}" />
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="off"
          value="test.person@example.com"
        />
        <label for="given_name">First name</label>
        <input id="given_name" name="given_name" type="text" value="Test" />
        <label for="family_name">Last name</label>
        <input id="family_name" name="family_name" type="text" value="Person" />
        <label class="check"
          ><input type="checkbox" name="email_verified" value="true" checked /> The provider has
          verified this email</label
        >
        <button type="submit" name="outcome" value="sign-in">Sign in</button>
        <button type="submit" name="outcome" value="cancel">Cancel</button>
        <button type="submit" name="outcome" value="fail">Fail</button>
      </form>`
  )
}

/** The answer posted back to the shop's callback (form_post): by script at once, or Continue. */
export function answerPage(
  view: { redirectUri: string; fields: Record<string, string> },
  nonce: string
): Html {
  return layout(
    'Returning to the shop',
    nonce,
    html`<h1>Returning to the shop</h1>
      <form id="identity-answer" method="post" action="${view.redirectUri}">
        ${Object.entries(view.fields).map(
          ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`
        )}
        <button type="submit">Continue</button>
      </form>`,
    "document.getElementById('identity-answer').submit()"
  )
}

export function refusalPage(message: string, nonce: string): Html {
  return layout(
    'Sign-in request refused',
    nonce,
    html`<h1>Sign-in request refused</h1>
      <p class="error" role="alert">${message}</p>`
  )
}
