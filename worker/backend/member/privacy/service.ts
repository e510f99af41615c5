import { MESSAGES } from '../../../../schemas/messages.ts'
import type { DataExport } from '../../../../schemas/member-profile.ts'
import { AppError } from '../../../lib/errors.ts'
import { logError } from '../../../lib/log.ts'
import { hashOneTimeCode, sixDigitCode } from '../../auth/otp.ts'
import type { AuthDeps } from '../../auth/sessions.ts'
import { findProfile } from '../profile/repo.ts'
import { getMarketingPreferences, type Member, profileOf } from '../profile/service.ts'
import type { CardReferenceEraser } from './card-references.ts'
import {
  erasureStatements,
  hasLiveOrder,
  listCardReferences,
  listContactAttachmentKeys,
} from './erasure-repo.ts'
import { readMemberRecords } from './export-repo.ts'
import { loyaltySummary } from '../../loyalty/service.ts'
import { findCodeOf } from '../../referrals/repo.ts'
import {
  consumeMemberCode,
  countMemberCodeAttempt,
  findLiveMemberCode,
  replaceVerificationCodeStatements,
} from '../../auth/repo.ts'

/** A forget-me code works for 30 minutes. */
export const FORGET_ME_CODE_TTL_SECONDS = 30 * 60

export interface PrivacyDeps extends AuthDeps {
  cards: CardReferenceEraser
  /** The contact form's attachments (the ATTACHMENTS R2 bucket). */
  attachments: Pick<R2Bucket, 'delete'>
  /** The member's archived order files, rewritten without them (order-archive, ADR 050). */
  archive: {
    erase: (person: { businessId: number; customerId: number; email: string }) => Promise<unknown>
  }
}

// The code is bound to the member: it never confirms anyone else's erasure.
const boundTo = (customerId: number) => `forget_me:${customerId}`

async function activeMember(deps: AuthDeps, member: Member) {
  const row = await findProfile(
    deps.db,
    member.businessId,
    member.customerId,
    deps.now.toISOString()
  )
  if (!row) throw new AppError('unauthorized', MESSAGES.loginRequired)
  return row
}

function liveOrderRefusal(): AppError {
  return new AppError('conflict', MESSAGES.forgetMeOrderInProgress)
}

/** Emails the member a code to confirm that we should forget them. */
export async function requestForgetMe(
  deps: AuthDeps,
  member: Member
): Promise<{ expiresAt: string }> {
  const row = await activeMember(deps, member)
  if (await hasLiveOrder(deps.db, { ...member, email: row.email, phone: row.phone, now: '' })) {
    throw liveOrderRefusal()
  }
  const code = sixDigitCode()
  const expiresAt = new Date(deps.now.getTime() + FORGET_ME_CODE_TTL_SECONDS * 1000).toISOString()
  try {
    await deps.messenger.send({
      businessId: member.businessId,
      channel: 'email',
      to: row.email,
      template: 'forget_me_code',
      data: { code, firstName: row.first_name, expiresAt },
    })
  } catch (error) {
    throw new AppError('upstream_error', MESSAGES.verificationCodeFailed, { cause: error })
  }
  await deps.db.batch(
    replaceVerificationCodeStatements(deps.db, {
      ...member,
      purpose: 'forget_me',
      destination: row.email,
      codeHash: await hashOneTimeCode(deps.sessionSecret, code, boundTo(member.customerId)),
      expiresAt,
      now: deps.now.toISOString(),
    })
  )
  return { expiresAt }
}

/**
 * Checks the code, tells the member by email, deletes their saved cards at the gateway, then
 * erases or anonymises their personal data in one batch (README "Privacy"). Every session ends
 * with it: the account is 'forgotten' and has no password, email or identities to sign in with.
 */
export async function confirmForgetMe(
  deps: PrivacyDeps,
  member: Member,
  confirmationCode: string
): Promise<{ forgotten: true }> {
  const row = await activeMember(deps, member)
  const now = deps.now.toISOString()
  const refuse = (message: string) =>
    new AppError('validation_error', message, {
      fields: [{ field: 'confirmationCode', message }],
    })
  const code = await findLiveMemberCode(deps.db, member.customerId, 'forget_me', now)
  if (!code) throw refuse(MESSAGES.otpExpired)
  const hash = await hashOneTimeCode(
    deps.sessionSecret,
    confirmationCode,
    boundTo(member.customerId)
  )
  if (hash !== code.code_hash) {
    await countMemberCodeAttempt(deps.db, code.id)
    throw refuse(MESSAGES.codeIncorrect)
  }
  const erased = { ...member, email: row.email, phone: row.phone, now }
  // An order still on its way needs its address and phone: erase once it has arrived.
  if (await hasLiveOrder(deps.db, erased)) throw liveOrderRefusal()
  if (!(await consumeMemberCode(deps.db, code.id, now))) throw refuse(MESSAGES.otpExpired)

  // Told before erasure: afterwards we no longer have the address.
  try {
    await deps.messenger.send({
      businessId: member.businessId,
      channel: 'email',
      to: row.email,
      template: 'account_forgotten',
      data: { firstName: row.first_name },
    })
  } catch (error) {
    // The member asked to be forgotten and proved it: a lost farewell must not keep their data.
    logError(error, { reason: 'forget_me_farewell' }, 'warn')
  }
  for (const card of await listCardReferences(deps.db, member.customerId)) {
    try {
      // Not confirmed (logged by the gateway's adapter): our copy goes anyway, the member asked.
      await deps.cards.erase(card)
    } catch (error) {
      logError(error, { reason: 'forget_me_card', gateway: card.gateway, reference: card.token })
    }
  }
  // The files first: once the rows are gone nothing names them. A failure stops the erasure
  // (the member can confirm again with a new code) rather than leave their files behind.
  const attachmentKeys = await listContactAttachmentKeys(deps.db, erased)
  if (attachmentKeys.length > 0) await deps.attachments.delete(attachmentKeys)
  await deps.archive.erase({
    businessId: member.businessId,
    customerId: member.customerId,
    email: row.email,
  })
  await deps.db.batch(erasureStatements(deps.db, erased))
  return { forgotten: true }
}

/** Everything we hold about the member, as JSON (UK GDPR art. 15 access, art. 20 portability). */
export async function exportMemberData(deps: AuthDeps, member: Member): Promise<DataExport> {
  const row = await activeMember(deps, member)
  const { pendingEmail: _pending, ...profile } = profileOf(row)
  const records = await readMemberRecords(deps.db, { ...member, email: row.email })
  return {
    exportedAt: deps.now.toISOString(),
    profile: { ...profile, createdAt: row.created_at, lastLoginAt: row.last_login_at },
    ...records,
    marketing: await getMarketingPreferences(deps, member),
    loyalty: await loyaltySummary(deps.db, member),
    referralCode: await findCodeOf(deps.db, member.customerId),
  }
}
