import { z } from 'zod'
import { BusinessIdSchema, CallingBrandIdSchema, EmailSchema, IdSchema } from './common.ts'
import {
  type CONTACT_ATTACHMENT_TYPES,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
} from './constants.ts'
import { formatNumber, GB_LOCALE, type ShopLocale } from './locale.ts'
import { MESSAGES } from './messages.ts'
import { optionalText, requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

const MIB = 1024 * 1024

/**
 * A file size as the contact form, its messages and the support email say it: '5 MB' for whole
 * megabytes (the limits), '1.2 MB', or '340 KB' (at least 1 KB) below a megabyte. The number is
 * written the shop's way through Intl ('1,2 MB' in Dutch); the UK's reads as it always did.
 */
export function fileSizeLabel(bytes: number, shop: ShopLocale = GB_LOCALE): string {
  if (bytes < MIB) {
    return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), shop, WHOLE)} KB`
  }
  const megabytes = bytes / MIB
  return `${formatNumber(megabytes, shop, Number.isInteger(megabytes) ? WHOLE : ONE_PLACE)} MB`
}

// No grouping: '1024 KB', never '1,024 KB'. One place, as toFixed(1) wrote it ('2.0 MB').
const WHOLE = { maximumFractionDigits: 0, useGrouping: false } as const
const ONE_PLACE = {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: false,
} as const

/** The contact form's text fields (spec §3 Contact request), shared by the page and the API. */
export const ContactFieldsSchema = z.object({
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX_LENGTH, MESSAGES.contactSubjectRequired),
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH, MESSAGES.contactMessageRequired),
  firstName: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.contactNameRequired),
  lastName: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.contactNameRequired),
  emailAddress: EmailSchema,
  phoneNumber: optionalText('Phone number', TEXT_MAX_LENGTH.phone),
  orderNumber: optionalText('Order number', 40),
})

/**
 * Spec §7 "Contact request (multipart)": the fields, the robot-check token and the attachments
 * sent under files[]. Their count, sizes and types are checked by the backend (ADR 022), whose
 * messages name the file.
 */
export const ContactRequestSchema = ContactFieldsSchema.extend({
  businessId: BusinessIdSchema,
  brandId: CallingBrandIdSchema,
  /** The robot-check token (Turnstile; LOCAL_ROBOT_CHECK_TOKEN of schemas/basket.ts locally). */
  verifyToken: z.string().max(2048),
  // Described for the OpenAPI generator, which knows no file type of its own.
  files: z.array(z.file().meta({ type: 'string', format: 'binary' })).default([]),
})

export const ContactRequestedSchema = z.object({
  contactRequestId: z.int(),
  attachments: z.int().nonnegative(),
})

export type ContactAttachmentType = (typeof CONTACT_ATTACHMENT_TYPES)[number]

export const DevContactRequestsQuerySchema = z.object({ businessId: BusinessIdSchema })

/** The development view of recent contact requests and what R2 holds for each attachment. */
export type DevContactRequests = z.infer<typeof DevContactRequestsSchema>
export const DevContactRequestsSchema = z.object({
  requests: z.array(
    z.object({
      id: IdSchema,
      subject: z.string(),
      email: z.string(),
      orderNumber: z.string().nullable(),
      createdAt: z.string(),
      attachments: z.array(
        z.object({
          r2Key: z.string(),
          filename: z.string(),
          contentType: z.string(),
          sizeBytes: z.int(),
          /** What R2 holds under the key: its size and the type sniffed from its first bytes. */
          inR2: z.object({ sizeBytes: z.int(), sniffedType: z.string().nullable() }).nullable(),
        })
      ),
    })
  ),
})
