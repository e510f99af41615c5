import {
  type JWK,
  type JWTVerifyGetKey,
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
} from 'jose'
import type { SocialProvider } from '../../schemas/auth.ts'
import { randomToken } from '../lib/crypto.ts'
import { sandboxIssuer } from '../lib/social-sign-in.ts'
import { findSandboxKey, insertSandboxKey, type StoredSandboxKey } from './repo.ts'

/*
 * The sandbox identity provider's RS256 key (ADR 026): generated once, kept in D1 so it is the
 * same in every isolate and after every restart, published as a JWKS like a provider's.
 */

async function generateSandboxKey(): Promise<StoredSandboxKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = `sandbox-${randomToken().slice(0, 16)}`
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' }
  return { kid, privateJwk: JSON.stringify(privateJwk), publicJwk: JSON.stringify(publicJwk) }
}

/** The stored key pair, generating and storing it first when there is none. */
export async function sandboxKey(db: D1Database, now: Date): Promise<StoredSandboxKey> {
  const stored = await findSandboxKey(db)
  if (stored) return stored
  await insertSandboxKey(db, await generateSandboxKey(), now.toISOString())
  const kept = await findSandboxKey(db)
  if (!kept) throw new Error('sandbox identity key was not stored')
  return kept
}

/** The sandbox's published keys: a JWKS document. */
export async function sandboxJwks(db: D1Database, now: Date): Promise<{ keys: Array<JWK> }> {
  const key = await sandboxKey(db, now)
  return { keys: [JSON.parse(key.publicJwk) as JWK] }
}

/** The sandbox's keys as the backend's verifier takes them. */
export async function sandboxVerifyKeys(db: D1Database, now: Date): Promise<JWTVerifyGetKey> {
  return createLocalJWKSet(await sandboxJwks(db, now))
}

/** What the sandbox's person asserts about themself. */
export interface SandboxPerson {
  email: string
  givenName: string
  familyName: string
  emailVerified: boolean
  /** The provider's stable id of the person; the sandbox derives it from the email. */
  subject: string
}

/** An ID token as the provider would issue it: RS256, 10 minutes, bound to `nonce`. */
export async function signSandboxIdToken(
  db: D1Database,
  input: { provider: SocialProvider; audience: string; nonce: string; person: SandboxPerson },
  now: Date
): Promise<string> {
  const key = await sandboxKey(db, now)
  const privateKey = await importJWK(JSON.parse(key.privateJwk) as JWK, 'RS256')
  const { person } = input
  const seconds = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    nonce: input.nonce,
    email: person.email,
    email_verified: person.emailVerified,
    given_name: person.givenName,
    family_name: person.familyName,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(sandboxIssuer(input.provider))
    .setSubject(person.subject)
    .setAudience(input.audience)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + 600)
    .sign(privateKey)
}
