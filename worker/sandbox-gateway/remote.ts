import { Hono } from 'hono'
import { JSON_BODY_MAX_BYTES } from '../../schemas/constants.ts'
import { constantTimeEqual, randomToken, requireSecret } from '../lib/crypto.ts'
import {
  localSandboxActive,
  SANDBOX_REMOTE_PATH,
  sandboxRebatePassword,
} from '../lib/payments-config.ts'
import { HPP_RESULT, hppResponseHash, hppTimestamp } from '../realex/hpp.ts'
import {
  parseRemoteXml,
  remoteAmount,
  remoteCancelCardHash,
  remoteOrderHash,
  remoteRebateHash,
  remoteRefundHash,
} from '../realex/remote-xml.ts'
import { escapeXml } from '../lib/xml.ts'
import type { AppEnv } from '../env.ts'
import { deleteStoredCard, voidTransaction } from './repo.ts'
import { realexTransactionOf, refundRealexTransaction, settleRealexHold } from './ledger-repo.ts'
import { now } from '../lib/clock.ts'
import { readBodyText } from '../lib/request-body.ts'

/*
 * The local sandbox's Realex remote API (POST /sandbox-gateway/remote): `<request type="void">`
 * signed with REALEX_SHARED_SECRET voids an authorisation the sandbox card page gave (before its
 * batch settles), `<request type="settle">` takes part or all of a hold made with AUTO_SETTLE_FLAG=0 (once, never more than it holds),
 * `<request type="rebate">` (also carrying the refund hash of the rebate
 * password) gives back part or all of it, `<request type="card-cancel-card">` deletes a stored
 * card, `<request type="query">` answers what became of a transaction by its ORDER_ID (with
 * `<rebatedamount>`, what was rebated on it in total: how the shop reconciles a rebate it never
 * heard back from), and the answer is signed like the real one, so the
 * backend's code runs exactly as against Realex. Result codes other than 00, 505 (bad refund
 * hash) and 508 (bad request hash) are the sandbox's own (5xx: the request cannot be served).
 */
export const sandboxRemote = new Hono<AppEnv>()

const NOT_SUPPORTED = '504'
const NO_SUCH_TRANSACTION = '503'
const BAD_REFUND_HASH = '505'
const EXCEEDS_BALANCE = '509'
const NOT_REFUNDABLE = '510'
// Card storage's code for a payer and card reference it does not hold.
const NO_SUCH_CARD = '520'

const encoder = new TextEncoder()

sandboxRemote.post('/', async (c) => {
  if (!localSandboxActive(c.env)) return c.notFound()
  const secret = requireSecret(c.env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET')
  // A remote call is a few hundred bytes of XML: the API's body limit is plenty.
  const xml = await readBodyText(c.req.raw, JSON_BODY_MAX_BYTES)
  const request = parseRemoteXml(xml, 'request')
  const fields = request?.fields ?? {}
  const merchantId = fields.merchantid ?? ''
  const orderId = fields.orderid ?? ''
  const pasref = fields.pasref ?? ''

  // A query's answer names the transaction's PASREF (the request names none).
  const reply = async (result: string, message: string, extra = '', answerPasref = pasref) => {
    const timestamp = hppTimestamp(now(c.env))
    const hash = await hppResponseHash(
      { timestamp, merchantId, orderId, result, message, pasref: answerPasref, authcode: '' },
      secret
    )
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<response timestamp="${timestamp}">`,
      `<merchantid>${escapeXml(merchantId)}</merchantid>`,
      `<account>${escapeXml(fields.account ?? '')}</account>`,
      `<orderid>${escapeXml(orderId)}</orderid>`,
      `<result>${result}</result>`,
      `<message>${escapeXml(message)}</message>`,
      `<pasref>${escapeXml(answerPasref)}</pasref>`,
      '<authcode></authcode>',
      ...(extra ? [extra] : []),
      `<sha1hash>${hash}</sha1hash>`,
      '</response>',
    ].join('\n')
    return c.body(xml, 200, { 'content-type': 'text/xml; charset=UTF-8' })
  }

  const type = request?.attributes.type
  if (
    !request ||
    (type !== 'void' &&
      type !== 'rebate' &&
      type !== 'settle' &&
      type !== 'card-cancel-card' &&
      type !== 'query')
  ) {
    return reply(
      NOT_SUPPORTED,
      'The sandbox remote API answers void, rebate, settle, query and card-cancel-card requests only'
    )
  }
  const timestamp = request.attributes.timestamp ?? ''
  if (type === 'query') {
    const account = fields.account ?? ''
    const expected = await remoteOrderHash({ merchantId, account, orderId, timestamp }, secret)
    const presented = (fields.sha1hash ?? '').toLowerCase()
    if (!constantTimeEqual(encoder.encode(presented), encoder.encode(expected))) {
      return reply(HPP_RESULT.wrongRequestHash, 'Request hash is not valid')
    }
    const transaction = await realexTransactionOf(c.env.DB, merchantId, orderId)
    if (!transaction || transaction.result_code !== HPP_RESULT.success) {
      return reply(NO_SUCH_TRANSACTION, 'No authorised transaction with that ORDER_ID')
    }
    return reply(
      HPP_RESULT.success,
      'Transaction found',
      `<rebatedamount>${transaction.rebated}</rebatedamount>\n` +
        `<voided>${transaction.voided ? 1 : 0}</voided>\n` +
        `<capturedamount>${transaction.captured}</capturedamount>`,
      transaction.pasref ?? ''
    )
  }
  if (type === 'card-cancel-card') {
    // A stored card's deletion names the payer and the card, no order.
    const card = { merchantId, payerRef: fields.payerref ?? '', pmtRef: fields.ref ?? '' }
    const expected = await remoteCancelCardHash({ ...card, timestamp }, secret)
    const presented = (fields.sha1hash ?? '').toLowerCase()
    if (!constantTimeEqual(encoder.encode(presented), encoder.encode(expected))) {
      return reply(HPP_RESULT.wrongRequestHash, 'Request hash is not valid')
    }
    return (await deleteStoredCard(c.env.DB, card))
      ? reply(HPP_RESULT.success, 'Successful')
      : reply(NO_SUCH_CARD, 'There is no such card for this payer')
  }
  const account = fields.account ?? ''
  if (type === 'settle') {
    const money = remoteAmount(xml)
    if (!money) return reply(NOT_SUPPORTED, 'A settle needs an amount in minor units')
    const settle = { merchantId, account, orderId, pasref, timestamp, ...money, authcode: '' }
    const expectedHash = await remoteRebateHash(settle, secret)
    const presentedHash = (fields.sha1hash ?? '').toLowerCase()
    if (!constantTimeEqual(encoder.encode(presentedHash), encoder.encode(expectedHash))) {
      return reply(HPP_RESULT.wrongRequestHash, 'Request hash is not valid')
    }
    const result = await settleRealexHold(c.env.DB, { merchantId, orderId, pasref, ...money })
    if (result === 'captured') return reply(HPP_RESULT.success, 'Settled Successfully')
    return result === 'refused'
      ? reply(EXCEEDS_BALANCE, 'Not a held authorisation, already settled, or more than it holds')
      : reply(NO_SUCH_TRANSACTION, 'No authorised transaction with that ORDER_ID and PASREF')
  }
  if (type === 'rebate') {
    const money = remoteAmount(xml)
    if (!money) return reply(NOT_SUPPORTED, 'A rebate needs an amount in minor units')
    const rebate = { merchantId, account, orderId, pasref, timestamp, ...money, authcode: '' }
    const algorithm = fields.sha256hash !== undefined ? 'sha256' : 'sha1'
    const expectedHash = await remoteRebateHash(rebate, secret, algorithm)
    const presentedHash = (fields[`${algorithm}hash`] ?? '').toLowerCase()
    if (!constantTimeEqual(encoder.encode(presentedHash), encoder.encode(expectedHash))) {
      return reply(HPP_RESULT.wrongRequestHash, 'Request hash is not valid')
    }
    const refundHash = await remoteRefundHash(await sandboxRebatePassword(c.env))
    const presentedRefund = (fields.refundhash ?? '').toLowerCase()
    if (!constantTimeEqual(encoder.encode(presentedRefund), encoder.encode(refundHash))) {
      return reply(BAD_REFUND_HASH, 'Refund hash is not valid')
    }
    const result = await refundRealexTransaction(c.env.DB, {
      merchantId,
      orderId,
      pasref,
      amount: money.amount,
      currency: money.currency,
      actionId: `rb-${randomToken(12)}`,
      at: now(c.env).toISOString(),
    })
    if (result.kind === 'refunded') return reply(HPP_RESULT.success, 'Rebated Successfully')
    if (result.kind === 'refused' && result.reason === 'exceeds_balance') {
      return reply(EXCEEDS_BALANCE, 'Rebate amount exceeds the amount left on the transaction')
    }
    if (result.kind === 'refused' && result.reason === 'not_refundable') {
      return reply(NOT_REFUNDABLE, 'The transaction was voided and cannot be rebated')
    }
    return reply(NO_SUCH_TRANSACTION, 'No authorised transaction with that ORDER_ID and PASREF')
  }
  const expected = await remoteOrderHash({ merchantId, account, orderId, timestamp }, secret)
  const presented = (fields.sha1hash ?? '').toLowerCase()
  if (!constantTimeEqual(encoder.encode(presented), encoder.encode(expected))) {
    return reply(HPP_RESULT.wrongRequestHash, 'Request hash is not valid')
  }
  const voided = await voidTransaction(c.env.DB, {
    merchantId,
    orderId,
    pasref,
    at: now(c.env).toISOString(),
  })
  return voided
    ? reply(HPP_RESULT.success, 'Voided Successfully')
    : reply(
        NO_SUCH_TRANSACTION,
        'No unsettled, unrefunded authorisation with that ORDER_ID and PASREF'
      )
})

/**
 * A fetch that hands remote API requests to the local sandbox in this worker (a worker cannot
 * fetch its own host): the request still goes through the sandbox's HTTP handler, so the sandbox
 * verifies the signed XML and records the void exactly as it would over the network.
 */
export function sandboxRemoteFetcher(
  env: Pick<Env, 'DB' | 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID' | 'REALEX_SHARED_SECRET'>
): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname !== SANDBOX_REMOTE_PATH) {
      return Promise.resolve(new Response('Not found', { status: 404 }))
    }
    return Promise.resolve(sandboxRemote.request('/', init, env))
  }
}
