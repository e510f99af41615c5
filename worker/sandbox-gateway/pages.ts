import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { formatMoney } from '../../schemas/money.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/*
 * The sandbox card page's HTML: plain, accessible server HTML (labels, one error region with
 * role=alert). Every interpolated value is escaped by hono/html. Inline script and style carry
 * the request's CSP nonce.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

const STYLE = `
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.75rem;font-weight:700;margin-bottom:1rem}
label{display:block;margin-top:.75rem;font-weight:600}
input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}
.error{color:#a00000;font-weight:600}
.row{display:flex;gap:.5rem}.row>div{flex:1}
`

/**
 * The document every sandbox gateway page is: its own small stylesheet and an optional script,
 * both carrying the request's CSP nonce (the hosted card page, the frames, the challenges).
 */
export function sandboxDocument(page: {
  title: string
  nonce: string | undefined
  style: string
  body: Html
  script?: string | undefined
}): Html {
  const nonce = page.nonce ?? ''
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${page.title}</title>
        <style nonce="${nonce}">
          ${raw(page.style)}
        </style>
      </head>
      <body>
        ${page.body}
        ${
          page.script
            ? html`<script nonce="${nonce}">
                ${raw(page.script)}
              </script>`
            : ''
        }
      </body>
    </html>`
}

function layout(title: string, nonce: string | undefined, body: Html): Html {
  return sandboxDocument({
    title,
    nonce,
    style: STYLE,
    body: html`<p class="banner" role="note">${MESSAGES.sandboxBanner}</p>
      <main>${body}</main>`,
  })
}

/** An amount in minor units as the page shows it (GBP with £, else the code). */
export function displayAmount(amount: string, currency: string): string {
  const pence = Number(amount)
  return currency === 'GBP' ? formatMoney(pence) : `${(pence / 100).toFixed(2)} ${currency}`
}

export interface CardFormView {
  orderId: string
  merchantId: string
  amount: string
  currency: string
  cancelUrl: string | null
  /** HPP_SELECT_STORED_CARD: the stored card shown, only its CVV is asked for. */
  storedCard: { label: string } | null
  error: string | null
}

function errorRegion(error: string | null): Html {
  return html`<p id="form-error" class="error" role="alert">${error ?? ''}</p>`
}

export function cardFormPage(view: CardFormView, nonce: string | undefined): Html {
  const cardFields = view.storedCard
    ? html`<p>Pay with your saved card <strong>${view.storedCard.label}</strong></p>
        <label for="cvv">Security code (CVV)</label>
        <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" />`
    : html`<label for="cardholderName">Name on card</label>
        <input id="cardholderName" name="cardholderName" autocomplete="cc-name" maxlength="100" />
        <label for="cardNumber">Card number</label>
        <input
          id="cardNumber"
          name="cardNumber"
          inputmode="numeric"
          autocomplete="cc-number"
          maxlength="23"
        />
        <div class="row">
          <div>
            <label for="expiryMonth">Expiry month (MM)</label>
            <input
              id="expiryMonth"
              name="expiryMonth"
              inputmode="numeric"
              autocomplete="cc-exp-month"
              maxlength="2"
            />
          </div>
          <div>
            <label for="expiryYear">Expiry year (YY)</label>
            <input
              id="expiryYear"
              name="expiryYear"
              inputmode="numeric"
              autocomplete="cc-exp-year"
              maxlength="2"
            />
          </div>
        </div>
        <label for="cvv">Security code (CVV)</label>
        <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" />`
  return layout(
    'Sandbox card payment',
    nonce,
    html`<h1>Pay ${displayAmount(view.amount, view.currency)}</h1>
      <p>Merchant: ${view.merchantId} · Order ${view.orderId}</p>
      ${errorRegion(view.error)}
      <form method="post" action="/sandbox-gateway/hpp/card" aria-describedby="form-error">
        <input type="hidden" name="ORDER_ID" value="${view.orderId}" />
        ${cardFields}
        <button type="submit">Pay now</button>
      </form>
      ${view.cancelUrl ? html`<p><a href="${view.cancelUrl}">Cancel</a></p>` : ''}`
  )
}

export function challengePage(
  view: { orderId: string; cardLabel: string; amount: string; currency: string },
  nonce: string | undefined
): Html {
  return layout(
    '3-D Secure challenge',
    nonce,
    html`<h1>3-D Secure challenge</h1>
      <p>
        Your bank asks you to confirm the payment of ${displayAmount(view.amount, view.currency)}
        with ${view.cardLabel}.
      </p>
      <form method="post" action="/sandbox-gateway/hpp/challenge">
        <input type="hidden" name="ORDER_ID" value="${view.orderId}" />
        <button type="submit" name="decision" value="authenticate">Authenticate</button>
        <button type="submit" name="decision" value="fail">Fail authentication</button>
      </form>`
  )
}

/** Posts the signed answer to MERCHANT_RESPONSE_URL by itself; Continue works without script. */
export function responsePage(
  view: { responseUrl: string; hppResponse: string; message: string },
  nonce: string | undefined
): Html {
  return layout(
    'Returning to the shop',
    nonce,
    html`<h1>${view.message}</h1>
      <form id="hpp-response" method="post" action="${view.responseUrl}">
        <input type="hidden" name="hppResponse" value="${view.hppResponse}" />
        <button type="submit">Continue</button>
      </form>
      <script nonce="${nonce ?? ''}">
        document.getElementById('hpp-response').submit()
      </script>`
  )
}

export function errorPage(message: string, nonce: string | undefined): Html {
  return layout(
    'Payment request refused',
    nonce,
    html`<h1>Payment request refused</h1>
      <p class="error" role="alert">${message}</p>`
  )
}
