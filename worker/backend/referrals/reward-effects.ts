import { z } from 'zod'
import { formatMoney } from '../../../schemas/money.ts'
import { businessLocale } from '../businesses-repo.ts'
import type { EffectHandlers } from '../effects/handlers.ts'
import { createMessenger, type MessengerEnv } from '../messaging/messenger.ts'
import { REFERRAL_CREDIT_TEXT } from './reward.ts'
import { REFERRAL_REWARD_EMAIL, REWARD_ROLES } from './reward-email-rows.ts'
import { findRewardRecipient } from './reward-repo.ts'

/*
 * A referral reward's email to one of its members (ADR 021, ADR 037), run by the EFFECTS queue's
 * consumer. The effect's key is the messenger's idempotency key, so a run that crashed after the
 * provider took the email sends nothing the second time.
 */

const RewardEmailPayloadSchema = z.object({
  referralId: z.number().int().positive(),
  role: z.enum(REWARD_ROLES),
})

export const referralRewardHandlers: EffectHandlers<MessengerEnv> = {
  async [REFERRAL_REWARD_EMAIL](env, effect) {
    const { referralId, role } = RewardEmailPayloadSchema.parse(effect.payload)
    const to = await findRewardRecipient(env.DB, effect.businessId, referralId, role)
    if (!to) throw new Error(`referral ${referralId} is not rewarded`)
    await createMessenger(env).send({
      businessId: effect.businessId,
      channel: 'email',
      to: to.email,
      template: 'referral_reward',
      idempotencyKey: effect.key,
      // The recipient's own first name only: each email says nothing of the other person.
      data: {
        firstName: to.firstName,
        role,
        amount: formatMoney(to.amount, await businessLocale(env.DB, effect.businessId)),
        message: REFERRAL_CREDIT_TEXT[role],
      },
    })
  },
}
