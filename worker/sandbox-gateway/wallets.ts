import { Hono } from 'hono'
import { z } from 'zod'
import { MESSAGES } from '../../schemas/messages.ts'
import {
  constantTimeEqual,
  deriveKey,
  hmacSha256,
  randomToken,
  requireSecret,
  toHex,
} from '../lib/crypto.ts'
import type { AppEnv } from '../env.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { AppError } from '../lib/errors.ts'
import { readJsonBody } from '../lib/request-body.ts'
import { insertWalletToken, spendWalletToken } from './repo.ts'

/*
 * The LOCAL sandbox wallet sheet (no Apple Pay / Google Pay merchant configured): the storefront's
 * "Sandbox Apple Pay" / "Sandbox Google Pay" sheet asks here for a wallet token carrying the
 * outcome the shopper picked. The token is HMAC-signed with a key derived from
 * REALEX_SHARED_SECRET and good for one payment: the gateways (Realex sandbox, sandbox frames API)
 * verify and spend it.
 */

export const SANDBOX_WALLETS = ['applePay', 'googlePay'] as const
export type SandboxWallet = (typeof SANDBOX_WALLETS)[number]
export const SANDBOX_WALLET_OUTCOMES = ['approve', 'decline'] as const
export type SandboxWalletOutcome = (typeof SANDBOX_WALLET_OUTCOMES)[number]

const SandboxWalletTokenSchema = z.object({
  sandbox: z.literal('wallet'),
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  wallet: z.enum(SANDBOX_WALLETS),
  outcome: z.enum(SANDBOX_WALLET_OUTCOMES),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})

const IssueRequestSchema = z.object({
  wallet: z.enum(SANDBOX_WALLETS),
  outcome: z.enum(SANDBOX_WALLET_OUTCOMES).default('approve'),
})

async function signature(secret: string, id: string, wallet: string, outcome: string) {
  const key = await deriveKey(secret, 'sandbox-wallet-token')
  return toHex(await hmacSha256(key, `${id}.${wallet}.${outcome}`))
}

/** A new single-use sandbox wallet token (the wallet sheet's token data, a JSON string). */
export async function issueSandboxWalletToken(
  db: D1Database,
  secretValue: string | undefined,
  wallet: SandboxWallet,
  outcome: SandboxWalletOutcome
): Promise<string> {
  const secret = requireSecret(secretValue, 'REALEX_SHARED_SECRET')
  const id = randomToken(18)
  await insertWalletToken(db, { id, wallet, outcome })
  return JSON.stringify({
    sandbox: 'wallet',
    id,
    wallet,
    outcome,
    signature: await signature(secret, id, wallet, outcome),
  })
}

const encoder = new TextEncoder()

/**
 * Verifies a sandbox wallet token's signature and spends it: its outcome, or null when it is
 * forged, altered, for another wallet, or already used (a replay).
 */
export async function spendSandboxWalletToken(
  db: D1Database,
  secretValue: string | undefined,
  wallet: SandboxWallet,
  tokenData: unknown
): Promise<SandboxWalletOutcome | null> {
  const secret = requireSecret(secretValue, 'REALEX_SHARED_SECRET')
  let value = tokenData
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  const token = SandboxWalletTokenSchema.safeParse(value)
  if (!token.success || token.data.wallet !== wallet) return null
  const expected = await signature(secret, token.data.id, token.data.wallet, token.data.outcome)
  if (!constantTimeEqual(encoder.encode(expected), encoder.encode(token.data.signature))) {
    return null
  }
  return (await spendWalletToken(db, token.data)) ? token.data.outcome : null
}

/** The sandbox wallet sheet's token endpoint (POST /sandbox-gateway/wallets/token). */
export const walletSandbox = new Hono<AppEnv>()

walletSandbox.post('/token', async (c) => {
  const parsed = IssueRequestSchema.safeParse(await readJsonBody(c.req.raw))
  if (!parsed.success) {
    return errorEnvelopeResponse(
      new AppError('validation_error', MESSAGES.validationError),
      c.var.requestId
    )
  }
  const tokenData = await issueSandboxWalletToken(
    c.env.DB,
    c.env.REALEX_SHARED_SECRET,
    parsed.data.wallet,
    parsed.data.outcome
  )
  return c.json({ tokenData }, 201)
})
// A body the reader refuses (too large, not JSON) answers the envelope like the schema's refusal.
walletSandbox.onError((error, c) => errorEnvelopeResponse(error, c.var.requestId))
