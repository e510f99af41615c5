import { Hono } from 'hono'
import type { Context } from 'hono'
import { html, raw } from 'hono/html'
import { z } from 'zod'
import { cardDigits } from '../../schemas/card-brand.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { FRAMES_MESSAGES } from '../../schemas/payments.ts'
import { constantTimeEqual, randomToken } from '../lib/crypto.ts'
import {
  SANDBOX_FRAMES_API_PATH,
  SANDBOX_FRAME_PAGES_PATH,
  SANDBOX_FRAMES_PATH,
  SANDBOX_FRAMES_PUBLIC_KEY,
  sandboxFramesSecretKey,
} from '../lib/payments-config.ts'
import { HPP_RESULT } from '../realex/hpp.ts'
import type { AppEnv } from '../env.ts'
import { displayAmount, sandboxDocument } from './pages.ts'
import {
  answerChallenge,
  findPayment,
  findPaymentByReference,
  deleteSource,
  findSource,
  insertPayment,
  insertSource,
  insertToken,
  type PaymentRow,
  type SourceRow,
  spendToken,
  voidPayment,
} from './repo.ts'
import { TEST_CARDS, resultMessage } from './test-cards.ts'
import { captureFramesHold, framesRefundsOf, refundFramesPayment } from './ledger-repo.ts'
import { spendSandboxWalletToken } from './wallets.ts'
import { now } from '../lib/clock.ts'
import { redirectTo, safePath } from '../lib/redirect.ts'
import { AppError } from '../lib/errors.ts'
import { readFormFields, readJsonBody } from '../lib/request-body.ts'

/*
 * The LOCAL sandbox of the embedded card frames provider (CARD_GATEWAY="frames", no
 * FRAMES_PUBLIC_KEY): the card frame and the CVV frame the checkout embeds, the provider's
 * payments API (tokens, payments, status, voids, refunds) that worker/backend/payments/frames-gateway.ts
 * calls, and the 3-D Secure challenge page. Accepts only the Global Payments test cards; a token
 * keeps the brand, last four digits, expiry and the test card's outcome — never the number or CVV.
 */
export const framesSandbox = new Hono<AppEnv>()

type FramesContext = Context<AppEnv>

const SCHEME_OF: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  jcb: 'JCB',
}

function apiError(c: FramesContext, status: 401 | 404 | 409 | 422, code: string) {
  return c.json(
    { error_type: status === 401 ? 'unauthorised' : 'request_invalid', error_codes: [code] },
    status
  )
}

/** The call's JSON body, null when it is not JSON (request_invalid); too large is a 413. */
async function jsonBody(c: FramesContext): Promise<unknown> {
  try {
    return await readJsonBody(c.req.raw)
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') throw error
    return null
  }
}

const encoder = new TextEncoder()

function bearerIs(c: FramesContext, key: string): boolean {
  const presented = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '')
  return constantTimeEqual(encoder.encode(presented), encoder.encode(key))
}

// ---------------------------------------------------------------------------------------------
// Tokens (the frames' own calls, and the wallets' token exchange): public key.

const CardTokenRequestSchema = z.object({
  type: z.literal('card'),
  number: z.string().max(30),
  expiry_month: z.int().min(1).max(12),
  expiry_year: z.int().min(2000).max(2099),
  cvv: z.string().regex(/^\d{3,4}$/),
})
const CvvTokenRequestSchema = z.object({
  type: z.literal('cvv'),
  cvv: z.string().regex(/^\d{3,4}$/),
})
const WalletTokenRequestSchema = z.object({
  type: z.enum(['applepay', 'googlepay']),
  token_data: z.unknown(),
})
const TokenRequestSchema = z.discriminatedUnion('type', [
  CardTokenRequestSchema,
  CvvTokenRequestSchema,
  WalletTokenRequestSchema,
])

function newId(prefix: string): string {
  return `${prefix}_sbx_${randomToken(18).replace(/[-_]/g, 'x').toLowerCase()}`
}

function expiryInFuture(month: number, year: number, now: Date): boolean {
  return Date.UTC(year, month, 1) > now.getTime()
}

framesSandbox.post('/api/tokens', async (c) => {
  if (!bearerIs(c, SANDBOX_FRAMES_PUBLIC_KEY)) return apiError(c, 401, 'public_key_invalid')
  const parsed = TokenRequestSchema.safeParse(await jsonBody(c))
  if (!parsed.success) return apiError(c, 422, 'request_invalid')
  const request = parsed.data
  if (request.type === 'cvv') {
    const token = await insertToken(c.env.DB, newId('tok'), {
      kind: 'cvv',
      brand: null,
      last4: null,
      expiry_month: null,
      expiry_year: null,
      result_code: null,
      challenge: 0,
    })
    return c.json({ type: 'cvv', token }, 201)
  }
  if (request.type === 'card') {
    const digits = cardDigits(request.number)
    const card = TEST_CARDS.get(digits)
    if (!card) return apiError(c, 422, 'card_number_invalid')
    if (!expiryInFuture(request.expiry_month, request.expiry_year, now(c.env))) {
      return apiError(c, 422, 'card_expired')
    }
    const last4 = digits.slice(-4)
    const token = await insertToken(c.env.DB, newId('tok'), {
      kind: 'card',
      brand: card.brand,
      last4,
      expiry_month: request.expiry_month,
      expiry_year: request.expiry_year,
      result_code: card.result,
      challenge: card.challenge ? 1 : 0,
    })
    return c.json(
      {
        type: 'card',
        token,
        scheme: SCHEME_OF[card.brand],
        last4,
        expiry_month: request.expiry_month,
        expiry_year: request.expiry_year,
      },
      201
    )
  }
  // A wallet's token data: the sandbox wallet sheet's signed, single-use token.
  const wallet = request.type === 'applepay' ? 'applePay' : 'googlePay'
  const outcome = await spendSandboxWalletToken(
    c.env.DB,
    c.env.REALEX_SHARED_SECRET,
    wallet,
    request.token_data
  )
  if (!outcome) return apiError(c, 422, 'token_data_invalid')
  const token = await insertToken(c.env.DB, newId('tok'), {
    kind: 'wallet',
    brand: 'visa',
    last4: '1111',
    expiry_month: 12,
    expiry_year: 2039,
    result_code: outcome === 'approve' ? HPP_RESULT.success : HPP_RESULT.declined,
    challenge: 0,
  })
  return c.json({ type: request.type, token }, 201)
})

// ---------------------------------------------------------------------------------------------
// Payments API: secret key.

const PaymentRequestSchema = z.object({
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('token'), token: z.string().min(1).max(200) }),
    z.object({
      type: z.literal('id'),
      id: z.string().min(1).max(200),
      cvv_token: z.string().min(1).max(200).optional(),
    }),
  ]),
  amount: z.int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  reference: z.string().min(1).max(80),
  // false: authorise only, captured later for what was picked (ADR 039).
  capture: z.boolean().optional(),
  success_url: z.url().optional(),
  failure_url: z.url().optional(),
})

function paymentAnswer(c: FramesContext, payment: PaymentRow, source: SourceRow | null) {
  const origin = new URL(c.req.url).origin
  return {
    id: payment.id,
    status: payment.status,
    approved: payment.status === 'Authorized' || payment.status === 'Card Verified',
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.reference,
    response_code: payment.response_code ?? undefined,
    response_summary: payment.response_summary ?? undefined,
    ...(source
      ? {
          source: {
            id: source.id,
            type: 'card',
            scheme: SCHEME_OF[source.brand] ?? source.brand,
            last4: source.last4,
            expiry_month: source.expiry_month,
            expiry_year: source.expiry_year,
          },
        }
      : {}),
    ...(payment.status === 'Pending'
      ? {
          _links: { redirect: { href: `${origin}${SANDBOX_FRAMES_PATH}/challenge/${payment.id}` } },
        }
      : {}),
  }
}

framesSandbox.post('/api/payments', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const parsed = PaymentRequestSchema.safeParse(await jsonBody(c))
  if (!parsed.success) return apiError(c, 422, 'request_invalid')
  const request = parsed.data
  const db = c.env.DB
  // One payment per reference: a retry answers the payment already taken.
  const existing = await findPaymentByReference(db, request.reference)
  if (existing) {
    return c.json(
      paymentAnswer(c, existing, await findSource(db, existing.source_id)),
      existing.status === 'Pending' ? 202 : 201
    )
  }
  let source: SourceRow | null
  if (request.source.type === 'token') {
    const token = await spendToken(db, request.source.token, ['card', 'wallet'])
    if (!token || token.result_code === null || token.brand === null || token.last4 === null) {
      return apiError(c, 422, 'token_invalid')
    }
    source = {
      id: newId('src'),
      brand: token.brand,
      last4: token.last4,
      expiry_month: token.expiry_month ?? 12,
      expiry_year: token.expiry_year ?? 2039,
      result_code: token.result_code,
      challenge: token.challenge,
    }
    await insertSource(db, source)
  } else {
    source = await findSource(db, request.source.id)
    if (!source) return apiError(c, 404, 'source_not_found')
    // A saved card is charged with its security code, typed in the CVV frame.
    if (!request.source.cvv_token || !(await spendToken(db, request.source.cvv_token, ['cvv']))) {
      return apiError(c, 422, 'cvv_invalid')
    }
  }
  const verification = request.amount === 0
  const challenge = source.challenge === 1 && !verification
  const success = source.result_code === HPP_RESULT.success
  const status: PaymentRow['status'] = challenge
    ? 'Pending'
    : success
      ? verification
        ? 'Card Verified'
        : 'Authorized'
      : 'Declined'
  const payment: PaymentRow = {
    id: newId('pay'),
    reference: request.reference,
    amount: request.amount,
    currency: request.currency,
    source_id: source.id,
    status,
    response_code: challenge ? null : success ? '10000' : source.result_code,
    response_summary: challenge ? null : success ? 'Approved' : resultMessage(source.result_code),
    success_url: request.success_url ?? null,
    failure_url: request.failure_url ?? null,
    auto_capture: request.capture === false ? 0 : 1,
  }
  const inserted = await insertPayment(db, payment)
  if (inserted.meta.changes !== 1) return apiError(c, 409, 'reference_in_use')
  return c.json(paymentAnswer(c, payment, source), challenge ? 202 : 201)
})

framesSandbox.get('/api/payments/:id', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const payment = await findPayment(c.env.DB, c.req.param('id'))
  if (!payment) return apiError(c, 404, 'payment_not_found')
  return c.json(paymentAnswer(c, payment, await findSource(c.env.DB, payment.source_id)), 200)
})

// The payment's actions, as the provider lists them: its authorisation, any void, and each
// refund with the reference it was asked under (how the shop reconciles an unanswered refund).
framesSandbox.get('/api/payments/:id/actions', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const payment = await findPayment(c.env.DB, c.req.param('id'))
  if (!payment) return apiError(c, 404, 'payment_not_found')
  const refunds = await framesRefundsOf(c.env.DB, payment.id)
  return c.json(
    [
      {
        id: `act_auth_${payment.id}`,
        type: 'Authorization',
        amount: payment.amount,
        approved: true,
      },
      ...(payment.status === 'Voided'
        ? [{ id: `act_void_${payment.id}`, type: 'Void', amount: payment.amount, approved: true }]
        : []),
      ...(payment.auto_capture === 0 && typeof payment.captured_amount === 'number'
        ? [
            {
              id: `act_capture_${payment.id}`,
              type: 'Capture',
              amount: payment.captured_amount,
              approved: true,
            },
          ]
        : []),
      ...refunds.map((refund) => ({
        id: refund.action_id,
        type: 'Refund',
        amount: refund.amount,
        approved: true,
        reference: refund.reference,
        processed_on: refund.created_at,
      })),
    ],
    200
  )
})

framesSandbox.post('/api/payments/:id/voids', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const id = c.req.param('id')
  const voided = await voidPayment(c.env.DB, id)
  if (voided.meta.changes === 1)
    return c.json({ action_id: newId('act'), reference: `void-${id}` }, 202)
  return (await findPayment(c.env.DB, id))
    ? apiError(c, 409, 'payment_not_voidable')
    : apiError(c, 404, 'payment_not_found')
})

const CaptureRequestSchema = z.object({
  amount: z.int().min(0),
  reference: z.string().min(1).max(80),
})

// The capture of a payment authorised with capture false: once, for at most what it holds.
framesSandbox.post('/api/payments/:id/captures', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const parsed = CaptureRequestSchema.safeParse(await jsonBody(c))
  if (!parsed.success) return apiError(c, 422, 'request_invalid')
  const id = c.req.param('id')
  const result = await captureFramesHold(c.env.DB, { paymentId: id, amount: parsed.data.amount })
  if (result === 'captured') {
    return c.json({ action_id: newId('act'), reference: parsed.data.reference }, 202)
  }
  return result === 'refused'
    ? apiError(c, 409, 'payment_not_capturable')
    : apiError(c, 404, 'payment_not_found')
})

// A kept card (a source the provider stores for reuse) deleted: 204, or 404 when unknown.
framesSandbox.delete('/api/instruments/:id', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  if (await deleteSource(c.env.DB, c.req.param('id'))) return c.body(null, 204)
  return apiError(c, 404, 'instrument_not_found')
})

const RefundRequestSchema = z.object({
  amount: z.int().min(1),
  reference: z.string().min(1).max(80),
})

// A refund of part or all of an authorised payment. The provider keys it by the idempotency key
// header; the sandbox keys it by reference (our refund reference, sent in both), so a retry
// answers the first refund and never gives the money back twice.
framesSandbox.post('/api/payments/:id/refunds', async (c) => {
  if (!bearerIs(c, await sandboxFramesSecretKey(c.env)))
    return apiError(c, 401, 'secret_key_invalid')
  const parsed = RefundRequestSchema.safeParse(await jsonBody(c))
  if (!parsed.success) return apiError(c, 422, 'request_invalid')
  const result = await refundFramesPayment(c.env.DB, {
    paymentId: c.req.param('id'),
    amount: parsed.data.amount,
    reference: parsed.data.reference,
    actionId: newId('act'),
    at: now(c.env).toISOString(),
  })
  if (result.kind === 'refunded') {
    return c.json({ action_id: result.actionId, reference: parsed.data.reference }, 202)
  }
  if (result.kind === 'reference_in_use') return apiError(c, 409, 'reference_in_use')
  if (result.reason === 'not_found') return apiError(c, 404, 'payment_not_found')
  return result.reason === 'exceeds_balance'
    ? apiError(c, 422, 'refund_amount_exceeds_balance')
    : apiError(c, 409, 'payment_not_refundable')
})

// ---------------------------------------------------------------------------------------------
// The 3-D Secure challenge page: authenticated → Authorized, failed → Declined, then back to the
// shop's success_url / failure_url (which carry our payment id).

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;padding:.5rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.5rem;font-weight:700;margin-bottom:.75rem}
label{display:block;margin-top:.5rem;font-weight:600}
input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.row{display:flex;gap:.5rem}.row>div{flex:1}
.error{color:#a00000;font-weight:600;min-height:1.25rem}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}
`

function framePage(title: string, nonce: string, body: ReturnType<typeof html>, script?: string) {
  return sandboxDocument({ title, nonce, style: STYLE, body, script })
}

framesSandbox.get('/challenge/:id', async (c) => {
  const payment = await findPayment(c.env.DB, c.req.param('id'))
  if (!payment || payment.status !== 'Pending') {
    return c.html(
      framePage(
        '3-D Secure challenge',
        c.var.nonce,
        html`<p class="error" role="alert">${MESSAGES.paymentAlreadyAnswered}</p>`
      ),
      409
    )
  }
  return c.html(
    framePage(
      '3-D Secure challenge',
      c.var.nonce,
      html`<p class="banner" role="note">${MESSAGES.sandboxBanner}</p>
        <h1>3-D Secure challenge</h1>
        <p>
          Your bank asks you to confirm the payment of
          ${displayAmount(String(payment.amount), payment.currency)}.
        </p>
        <form method="post" action="${SANDBOX_FRAMES_PATH}/challenge/${payment.id}">
          <button type="submit" name="decision" value="authenticate">Authenticate</button>
          <button type="submit" name="decision" value="fail">Fail authentication</button>
        </form>`
    )
  )
})

framesSandbox.post('/challenge/:id', async (c) => {
  const form = await readFormFields(c.req.raw)
  const authenticated = form.decision === 'authenticate'
  const payment = await answerChallenge(c.env.DB, c.req.param('id'), {
    status: authenticated ? 'Authorized' : 'Declined',
    responseCode: authenticated ? '10000' : HPP_RESULT.declined,
    responseSummary: authenticated ? 'Approved' : MESSAGES.sandboxAuthenticationFailed,
  })
  if (!payment) {
    return c.html(
      framePage(
        '3-D Secure challenge',
        c.var.nonce,
        html`<p class="error" role="alert">${MESSAGES.paymentAlreadyAnswered}</p>`
      ),
      409
    )
  }
  // The sandbox is served by the shop itself: back only to a path of this origin.
  const back = safePath(authenticated ? payment.success_url : payment.failure_url, c.req.url)
  if (!back) return c.html(framePage('3-D Secure challenge', c.var.nonce, html`<p>Done.</p>`))
  return redirectTo(c, back, 303)
})

// ---------------------------------------------------------------------------------------------
// The frames: a card number / expiry / CVV frame and a CVV-only frame for saved cards. Each
// reports validity and brand to the checkout (its own origin only: the sandbox is served by the
// shop itself) and tokenises when the checkout posts 'frames:submit'.

/** The brand rules of schemas/card-brand.ts, as the provider's own frame script has them. */
const FRAME_SCRIPT = `
(function () {
  var parentOrigin = window.location.origin;
  var kind = document.body.getAttribute('data-kind');
  var publicKey = document.body.getAttribute('data-public-key');
  var apiUrl = document.body.getAttribute('data-api-url');
  var error = document.getElementById('frame-error');
  function digits(value) { return value.replace(/[\\s-]/g, ''); }
  function range(d, n, lo, hi) { var p = Number(d.slice(0, n)); return d.length >= n && p >= lo && p <= hi; }
  function brand(value) {
    var d = digits(value);
    if (!/^\\d+$/.test(d)) return null;
    if (d.charAt(0) === '4') return 'visa';
    if (range(d, 2, 51, 55) || range(d, 4, 2221, 2720)) return 'mastercard';
    if (d.indexOf('6011') === 0 || d.indexOf('65') === 0 || range(d, 3, 644, 649) || range(d, 6, 622126, 622925)) return 'discover';
    if (range(d, 4, 3528, 3589)) return 'jcb';
    return null;
  }
  function luhn(value) {
    var d = digits(value);
    if (!/^\\d{12,19}$/.test(d)) return false;
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = Number(d.charAt(d.length - 1 - i));
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  }
  function field(id) { var el = document.getElementById(id); return el ? el.value.trim() : ''; }
  function state() {
    var cvvOk = /^\\d{3,4}$/.test(field('cvv'));
    if (kind === 'cvv') return { valid: cvvOk, brand: null };
    var number = field('number');
    var month = Number(field('expiry-month'));
    var year = Number(field('expiry-year'));
    var expiryOk = month >= 1 && month <= 12 && /^\\d{2}$/.test(field('expiry-year')) &&
      Date.UTC(2000 + year, month, 1) > Date.now();
    return { valid: luhn(number) && brand(number) !== null && expiryOk && cvvOk, brand: brand(number) };
  }
  function report() {
    var s = state();
    parent.postMessage({ type: '${FRAMES_MESSAGES.validation}', valid: s.valid, brand: s.brand }, parentOrigin);
  }
  document.addEventListener('input', report);
  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== parent) return;
    if (!event.data || event.data.type !== '${FRAMES_MESSAGES.submit}') return;
    var s = state();
    if (!s.valid) { report(); return; }
    var body = kind === 'cvv'
      ? { type: 'cvv', cvv: field('cvv') }
      : { type: 'card', number: digits(field('number')), expiry_month: Number(field('expiry-month')),
          expiry_year: 2000 + Number(field('expiry-year')), cvv: field('cvv') };
    fetch(apiUrl + '/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + publicKey },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.status === 201, json: json }; });
    }).then(function (answer) {
      if (!answer.ok) {
        error.textContent = ${JSON.stringify(MESSAGES.sandboxTestCardsOnly)};
        parent.postMessage({ type: '${FRAMES_MESSAGES.failed}' }, parentOrigin);
        return;
      }
      error.textContent = '';
      parent.postMessage({ type: '${FRAMES_MESSAGES.tokenized}', token: answer.json.token,
        brand: s.brand, last4: answer.json.last4 || null }, parentOrigin);
    }, function () {
      parent.postMessage({ type: '${FRAMES_MESSAGES.failed}' }, parentOrigin);
    });
  });
  report();
})();
`

function frameFields(kind: 'card' | 'cvv') {
  const cvv = html`<label for="cvv">Security code (CVV)</label>
    <input id="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" />`
  if (kind === 'cvv') return cvv
  return html`<label for="number">Card number</label>
    <input id="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" />
    <div class="row">
      <div>
        <label for="expiry-month">Expiry month (MM)</label>
        <input id="expiry-month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" />
      </div>
      <div>
        <label for="expiry-year">Expiry year (YY)</label>
        <input id="expiry-year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="2" />
      </div>
    </div>
    ${cvv}`
}

for (const kind of ['card', 'cvv'] as const) {
  framesSandbox.get(`${SANDBOX_FRAME_PAGES_PATH.slice(SANDBOX_FRAMES_PATH.length)}${kind}`, (c) => {
    const apiUrl = `${new URL(c.req.url).origin}${SANDBOX_FRAMES_API_PATH}`
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>${kind === 'card' ? 'Card details' : 'Security code'}</title>
            <style nonce="${c.var.nonce}">
              ${raw(STYLE)}
            </style>
          </head>
          <body
            data-kind="${kind}"
            data-public-key="${SANDBOX_FRAMES_PUBLIC_KEY}"
            data-api-url="${apiUrl}"
          >
            <p class="banner" role="note">${MESSAGES.sandboxBanner}</p>
            ${frameFields(kind)}
            <p id="frame-error" class="error" role="alert"></p>
            <script nonce="${c.var.nonce}">
              ${raw(FRAME_SCRIPT)}
            </script>
          </body>
        </html>`
    )
  })
}
