import { CONTACT_BODY_MAX_BYTES } from '../../../schemas/constants.ts'
import { ContactRequestedSchema, ContactRequestSchema } from '../../../schemas/contact.ts'
import { CONTACT_REQUEST_PATH } from '../../../schemas/content.ts'
import { now } from '../../lib/clock.ts'
import { authenticate } from '../auth/authenticate.ts'
import { findBrandSettings } from '../content/repo.ts'
import { mergeWhiteLabelSettings } from '../content/white-label.ts'
import { createMessenger } from '../messaging/messenger.ts'
import { rateLimit } from '../rate-limit.ts'
import { createRobotChecker } from '../robot-check.ts'
import { createDomain } from '../route-registry.ts'
import type { Context } from 'hono'
import type { BackendEnv } from '../env.ts'
import { submitContactRequest } from './service.ts'

/** The contact form (spec §7 "Contact request (multipart)"; ADR 022). */
export const contact = createDomain('Contact')

// Before the body is read: a refused shopper's 10 MB is never buffered.
contact.app.use(
  CONTACT_REQUEST_PATH,
  rateLimit('contact', (env) => env.CONTACT_LIMITER)
)

/**
 * The signed-in member, when the call carries a valid member token; anything else (no token, a
 * guest's, an expired one) is a request from no account, never refused: writing to support must
 * not need a session, and the form's names and email never say who the caller is.
 */
async function memberOf(c: Context<BackendEnv>, businessId: number): Promise<number | null> {
  if (!c.req.header('authorization')) return null
  try {
    return (await authenticate(c, { businessId })).customerId ?? null
  } catch {
    return null
  }
}

/** The brand's own support inbox, when its white-label `contact` section names one. */
async function brandInbox(
  db: D1Database,
  businessId: number,
  brandId: number | undefined
): Promise<string | null> {
  if (brandId === undefined) return null
  const found = await findBrandSettings(db, businessId, brandId)
  if (!found) return null
  const email: unknown = mergeWhiteLabelSettings(found.sections, found.brandId).contact.email
  return typeof email === 'string' && email.includes('@') ? email : null
}

contact.post(
  CONTACT_REQUEST_PATH,
  {
    summary: 'Send a contact request to the business, with up to 3 attachments under files[]',
    description:
      'multipart/form-data. verifyToken is a robot check (validation_error on verifyToken). ' +
      'Attachments: at most 3, each at most 5 MB, 10 MB together, and each a JPEG, PNG, GIF, ' +
      'WebP or PDF by its content (whatever its name or declared type); a refusal names the file ' +
      'on the field files and nothing is stored. Files are kept privately in R2; the business ' +
      'gets the request by email with their names and sizes, the shopper an acknowledgement. ' +
      'A valid member token links the request to the member. Rate limited per shopper IP.',
    body: ContactRequestSchema,
    multipart: { maxBytes: CONTACT_BODY_MAX_BYTES },
    response: ContactRequestedSchema,
    errors: ['not_found', 'payload_too_large', 'rate_limited'],
    edge: { multipartMaxBytes: CONTACT_BODY_MAX_BYTES },
  },
  async ({ body }, c) =>
    submitContactRequest(
      {
        db: c.env.DB,
        attachments: c.env.ATTACHMENTS,
        robots: createRobotChecker(c.env),
        messenger: createMessenger(c.env),
        customerId: await memberOf(c, body.businessId),
        brandInbox: await brandInbox(c.env.DB, body.businessId, body.brandId),
        ip: c.req.header('cf-connecting-ip')?.trim() ?? null,
        now: now(c.env),
      },
      body
    )
)
