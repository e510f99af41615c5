import { MESSAGES } from '../../../../schemas/messages.ts'
import { eraseFromArchive } from '../../order-archive/service.ts'
import {
  DataExportSchema,
  ForgetMeConfirmedSchema,
  ForgetMeConfirmSchema,
  ForgetMeRequestedSchema,
  ForgetMeRequestSchema,
  MemberQuerySchema,
} from '../../../../schemas/member-profile.ts'
import { requireMember } from '../../auth/authenticate.ts'
import { limitAuth } from '../../auth/rate-limit.ts'
import { authDeps } from '../../auth/sessions.ts'
import { createDomain } from '../../route-registry.ts'
import { forgetCardAtGateway } from '../../payments/service.ts'
import { now } from '../../../lib/clock.ts'
import type { CardReferenceEraser } from './card-references.ts'
import { confirmForgetMe, exportMemberData, requestForgetMe } from './service.ts'

/** Forget me and the data export (spec §7 Member: forget-me request and confirm). */
export const memberPrivacy = createDomain('Member privacy')

const MEMBER = 'Bearer member token; a guest token or none answers unauthorized.'

memberPrivacy.post(
  '/member/forget-me/request',
  {
    summary: 'Email the member a code (6 digits, 30 minutes) to confirm erasing their data',
    description:
      `${MEMBER} While an order is being paid for, picked or delivered answers conflict ` +
      `'${MESSAGES.forgetMeOrderInProgress}'. Rate limited per shopper IP and member.`,
    body: ForgetMeRequestSchema,
    response: ForgetMeRequestedSchema,
    errors: ['unauthorized', 'conflict', 'upstream_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await limitAuth(c, 'verification', `customer:${customerId}`)
    return requestForgetMe(authDeps(c), { businessId: body.businessId, customerId })
  }
)

memberPrivacy.post(
  '/member/forget-me/confirm',
  {
    summary:
      "Confirm with the emailed code: erase the member's personal data and end every session",
    description:
      `${MEMBER} A wrong code answers '${MESSAGES.codeIncorrect}' and counts an attempt; an ` +
      `expired or used one, or after 5 wrong ones, '${MESSAGES.otpExpired}'. Orders stay as the ` +
      'accounting record without personal data (README "Privacy").',
    body: ForgetMeConfirmSchema,
    response: ForgetMeConfirmedSchema,
    errors: ['unauthorized', 'conflict', 'rate_limited'],
  },
  async ({ body }, c) => {
    const customerId = await requireMember(c, body.businessId)
    await limitAuth(c, 'verification', `customer:${customerId}`)
    const origin = new URL(c.req.url).origin
    const env = { ...c.env, ...c.var.adapters }
    const cards: CardReferenceEraser = {
      erase: (card) => forgetCardAtGateway(env, card, origin, now(c.env)),
    }
    return confirmForgetMe(
      {
        ...authDeps(c),
        cards,
        attachments: c.env.ATTACHMENTS,
        archive: {
          erase: (person) => eraseFromArchive(c.env.DB, c.env.ORDER_ARCHIVE, person, now(c.env)),
        },
      },
      { businessId: body.businessId, customerId },
      body.confirmationCode
    )
  }
)

memberPrivacy.get(
  '/member/data-export',
  {
    summary: 'Everything held about the signed-in member, as JSON',
    description: `${MEMBER} Profile, addresses, orders, saved cards, marketing choices with their history, reviews, devices.`,
    query: MemberQuerySchema,
    response: DataExportSchema,
    errors: ['unauthorized'],
  },
  async ({ query }, c) => {
    const customerId = await requireMember(c, query.businessId)
    return exportMemberData(authDeps(c), { businessId: query.businessId, customerId })
  }
)
