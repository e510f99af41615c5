/*
 * A card payment through the local sandbox's hosted card page, as the checkout journey's browser
 * makes it (test/e2e/pages/checkout.ts): make payment answers the signed request to post, the
 * card page takes a test card, and its answer page posts the signed answer back to the shop,
 * which redirects to the confirmation (or to the payment page, failed). Each step is one request
 * the bench may send again; the card page is plain HTML, read here for its form's fields.
 */

/** A published sandbox test card that the sandbox authorises (worker/sandbox-gateway/test-cards.ts). */
export const SANDBOX_SUCCESS_CARD = '4263970000005262'

/** The signed request make payment answers for a card: where to post which fields. */
export interface CardRedirect {
  url: string
  method: 'GET' | 'POST'
  fields: Record<string, string>
}

/** The card page's fields for one test card (the journey's: Ada, 12/30, CVV 123). */
export function cardFormFields(gatewayOrderId: string, card: string): Record<string, string> {
  return {
    ORDER_ID: gatewayOrderId,
    cardholderName: 'Ada Lovelace',
    cardNumber: card,
    expiryMonth: '12',
    expiryYear: '30',
    cvv: '123',
  }
}

/** The gateway's order id of a signed request: its ORDER_ID field, base64 as spec §5 sends it. */
export function gatewayOrderIdOf(redirect: CardRedirect): string {
  const encoded = redirect.fields.ORDER_ID ?? ''
  return Buffer.from(encoded, 'base64').toString('utf8')
}

// hono/html escapes these five; the answer's JSON carries quotes.
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** The answer page's form: where it posts and the signed answer; null when the page has none. */
export function answerFormOf(page: string): { action: string; hppResponse: string } | null {
  const action = /<form id="hpp-response" method="post" action="([^"]*)"/.exec(page)?.[1]
  const value = /name="hppResponse" value="([^"]*)"/.exec(page)?.[1]
  if (action === undefined || value === undefined) return null
  return { action: unescapeHtml(action), hppResponse: unescapeHtml(value) }
}

/** Posts a form as a browser does, without following the answer's redirect. */
export function formPost(url: string, fields: Record<string, string>) {
  return () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })
}
