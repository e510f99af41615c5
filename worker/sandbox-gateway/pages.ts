import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { formatCurrency, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { localiseMessage, translateEnglish } from '../../schemas/message-catalogue.ts'
import { formatMoney } from '../../schemas/money.ts'
import { MESSAGES } from '../../schemas/messages.ts'

/*
 * The sandbox card page's HTML: plain, accessible server HTML (labels, one error region with
 * role=alert). Every interpolated value is escaped by hono/html. Inline script and style carry
 * the request's CSP nonce.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/**
 * The words of the page the shopper sees, in the language of the brand whose host serves it
 * (issue 43): catalogue English said through the catalogue, the shop for its amounts.
 */
export interface SandboxTexts {
  shop: ShopLocale
  say: (english: string, ...values: Array<string | number>) => string
  /** A refusal filled in English, in the brand's language where it is a catalogue message. */
  localise: (english: string) => string
}

/** The sandbox page's words for a shop (English for a British or unknown one). */
export function sandboxTexts(shop: ShopLocale = GB_LOCALE): SandboxTexts {
  return {
    shop,
    say: (english, ...values) => translateEnglish(shop, english, ...values),
    localise: (english) => localiseMessage(shop, english),
  }
}

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
  /** The page's language (BCP 47); English unless the brand speaks another. */
  lang?: string
}): Html {
  const nonce = page.nonce ?? ''
  return html`<!doctype html>
    <html lang="${page.lang ?? 'en'}">
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

function layout(title: string, nonce: string | undefined, body: Html, texts: SandboxTexts): Html {
  return sandboxDocument({
    title: texts.say(title),
    nonce,
    style: STYLE,
    lang: texts.shop.locale,
    body: html`<p class="banner" role="note">${texts.say(MESSAGES.sandboxBanner)}</p>
      <main>${body}</main>`,
  })
}

/**
 * An amount in minor units as the page shows it: GBP with £, the shop's own currency as the shop
 * writes it ('€ 13,49' for a Dutch brand), else the code.
 */
export function displayAmount(amount: string, currency: string, shop?: ShopLocale): string {
  const pence = Number(amount)
  if (currency === 'GBP') return formatMoney(pence, GB_LOCALE)
  if (shop && shop.currency === currency) return formatCurrency(pence, shop)
  return `${(pence / 100).toFixed(2)} ${currency}`
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

export function cardFormPage(
  view: CardFormView,
  nonce: string | undefined,
  texts: SandboxTexts = sandboxTexts()
): Html {
  const { say } = texts
  const cardFields = view.storedCard
    ? html`<p>${say(MESSAGES.pagePayWithSavedCard)} <strong>${view.storedCard.label}</strong></p>
        <label for="cvv">${say(MESSAGES.pageSecurityCode)}</label>
        <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" />`
    : html`<label for="cardholderName">${say(MESSAGES.pageNameOnCard)}</label>
        <input id="cardholderName" name="cardholderName" autocomplete="cc-name" maxlength="100" />
        <label for="cardNumber">${say(MESSAGES.pageCardNumber)}</label>
        <input
          id="cardNumber"
          name="cardNumber"
          inputmode="numeric"
          autocomplete="cc-number"
          maxlength="23"
        />
        <div class="row">
          <div>
            <label for="expiryMonth">${say(MESSAGES.pageExpiryMonth)}</label>
            <input
              id="expiryMonth"
              name="expiryMonth"
              inputmode="numeric"
              autocomplete="cc-exp-month"
              maxlength="2"
            />
          </div>
          <div>
            <label for="expiryYear">${say(MESSAGES.pageExpiryYear)}</label>
            <input
              id="expiryYear"
              name="expiryYear"
              inputmode="numeric"
              autocomplete="cc-exp-year"
              maxlength="2"
            />
          </div>
        </div>
        <label for="cvv">${say(MESSAGES.pageSecurityCode)}</label>
        <input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" />`
  return layout(
    MESSAGES.pageSandboxCardPayment,
    nonce,
    html`<h1>
        ${say(MESSAGES.pagePayTotal, displayAmount(view.amount, view.currency, texts.shop))}
      </h1>
      <p>${say(MESSAGES.pageMerchantOrder, view.merchantId, view.orderId)}</p>
      ${errorRegion(view.error === null ? null : texts.localise(view.error))}
      <form method="post" action="/sandbox-gateway/hpp/card" aria-describedby="form-error">
        <input type="hidden" name="ORDER_ID" value="${view.orderId}" />
        ${cardFields}
        <button type="submit">${say(MESSAGES.pagePayNow)}</button>
      </form>
      ${view.cancelUrl ? html`<p><a href="${view.cancelUrl}">${say(MESSAGES.pageCancel)}</a></p>` : ''}`,
    texts
  )
}

export function challengePage(
  view: { orderId: string; cardLabel: string; amount: string; currency: string },
  nonce: string | undefined,
  texts: SandboxTexts = sandboxTexts()
): Html {
  const { say } = texts
  const amount = displayAmount(view.amount, view.currency, texts.shop)
  return layout(
    MESSAGES.pageThreeDSecure,
    nonce,
    html`<h1>${say(MESSAGES.pageThreeDSecure)}</h1>
      <p>${say(MESSAGES.pageBankAsksConfirm, amount, view.cardLabel)}</p>
      <form method="post" action="/sandbox-gateway/hpp/challenge">
        <input type="hidden" name="ORDER_ID" value="${view.orderId}" />
        <button type="submit" name="decision" value="authenticate">
          ${say(MESSAGES.pageAuthenticate)}
        </button>
        <button type="submit" name="decision" value="fail">
          ${say(MESSAGES.pageFailAuthentication)}
        </button>
      </form>`,
    texts
  )
}

/** Posts the signed answer to MERCHANT_RESPONSE_URL by itself; Continue works without script. */
export function responsePage(
  view: { responseUrl: string; hppResponse: string; message: string },
  nonce: string | undefined,
  texts: SandboxTexts = sandboxTexts()
): Html {
  return layout(
    MESSAGES.pageReturningToShop,
    nonce,
    html`<h1>${texts.localise(view.message)}</h1>
      <form id="hpp-response" method="post" action="${view.responseUrl}">
        <input type="hidden" name="hppResponse" value="${view.hppResponse}" />
        <button type="submit">${texts.say(MESSAGES.pageContinue)}</button>
      </form>
      <script nonce="${nonce ?? ''}">
        document.getElementById('hpp-response').submit()
      </script>`,
    texts
  )
}

export function errorPage(
  message: string,
  nonce: string | undefined,
  texts: SandboxTexts = sandboxTexts()
): Html {
  return layout(
    MESSAGES.pagePaymentRequestRefused,
    nonce,
    html`<h1>${texts.say(MESSAGES.pagePaymentRequestRefused)}</h1>
      <p class="error" role="alert">${texts.localise(message)}</p>`,
    texts
  )
}
