import type { z } from 'zod'
import { type ContactRequestSchema, fileSizeLabel } from '../../../schemas/contact.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { inShopLocale, type Messenger, type OutgoingMessage } from '../messaging/messenger.ts'
import type { RobotChecker } from '../robot-check.ts'
import { type CheckedAttachment, checkAttachments, type UploadedFile } from './attachments.ts'
import {
  brandOfBusiness,
  findSupportInbox,
  insertContactRequest,
  type NewAttachment,
} from './repo.ts'

export type ContactRequestInput = z.output<typeof ContactRequestSchema>

/** Where attachments are kept: the ATTACHMENTS R2 bucket, or a stand-in in tests. */
export type AttachmentStore = Pick<R2Bucket, 'put' | 'delete'>

export interface ContactDeps {
  db: D1Database
  attachments: AttachmentStore
  robots: RobotChecker
  messenger: Messenger
  /** The signed-in member's id from a verified access token; never from the form. */
  customerId: number | null
  /** The brand's white-label `contact` section, which may name the brand's support inbox. */
  brandInbox: string | null
  ip: string | null
  now: Date
}

/** The R2 key of an attachment: under its business, a UUID, never the uploaded name. */
export function attachmentKey(businessId: number): string {
  return `contact/${businessId}/${crypto.randomUUID()}`
}

function invalid(field: string, message: string = MESSAGES.validationError): AppError {
  return new AppError('validation_error', message, { fields: [{ field, message }] })
}

/**
 * Puts every attachment in R2; if one put fails, deletes those already put and rethrows, so a
 * refused request leaves nothing behind.
 */
async function putAll(
  store: AttachmentStore,
  businessId: number,
  files: ReadonlyArray<CheckedAttachment>
): Promise<Array<NewAttachment>> {
  const put: Array<NewAttachment> = []
  try {
    for (const file of files) {
      const r2Key = attachmentKey(businessId)
      await store.put(r2Key, file.bytes, {
        httpMetadata: { contentType: file.contentType },
        customMetadata: { filename: file.filename },
      })
      put.push({
        r2Key,
        filename: file.filename,
        contentType: file.contentType,
        sizeBytes: file.bytes.byteLength,
      })
    }
    return put
  } catch (error) {
    await removeAll(store, put)
    throw error
  }
}

async function removeAll(store: AttachmentStore, put: ReadonlyArray<NewAttachment>) {
  if (put.length === 0) return
  try {
    await store.delete(put.map((a) => a.r2Key))
  } catch (error) {
    // Unreachable objects with no row: logged with their keys so they can be removed by hand.
    logError(error, { during: 'contact_rollback', keys: put.map((a) => a.r2Key).join(',') })
  }
}

/**
 * Spec §7 Contact request: robot check, attachments checked by content (ADR 022), files to R2,
 * then the request and its attachments in one D1 batch (any failure deletes what was put), then
 * the business's support inbox gets the request (attachment names and sizes, not the files) and
 * the shopper an acknowledgement, both through the messaging port.
 */
export async function submitContactRequest(
  deps: ContactDeps,
  input: ContactRequestInput
): Promise<{ contactRequestId: number; attachments: number }> {
  if (!(await deps.robots.verify(input.verifyToken, deps.ip))) throw invalid('verifyToken')
  const inbox = await findSupportInbox(deps.db, input.businessId)
  if (!inbox) throw new AppError('not_found', MESSAGES.businessNotFound)
  const brandId =
    input.brandId !== undefined && (await brandOfBusiness(deps.db, input.businessId, input.brandId))
      ? input.brandId
      : null
  // zod types a file as its own empty File interface; at run time z.file() let only Files through.
  const files = await checkAttachments(input.files as unknown as ReadonlyArray<UploadedFile>)

  const stored = await putAll(deps.attachments, input.businessId, files)
  let contactRequestId: number
  try {
    contactRequestId = await insertContactRequest(
      deps.db,
      {
        businessId: input.businessId,
        brandId,
        customerId: deps.customerId,
        subject: input.subject,
        message: input.message,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.emailAddress,
        phone: input.phoneNumber,
        orderNumber: input.orderNumber,
        now: deps.now.toISOString(),
      },
      stored
    )
  } catch (error) {
    await removeAll(deps.attachments, stored)
    throw new AppError('internal_error', MESSAGES.systemError, { cause: error })
  }

  await sendContactEmails(deps, input, {
    contactRequestId,
    stored,
    supportInbox: deps.brandInbox ?? inbox.supportEmail,
    businessName: inbox.name,
    shop: inbox.shop,
  })
  return { contactRequestId, attachments: stored.length }
}

/**
 * The two emails. The request is already stored (the business's record of it), so a failed send
 * is logged, not answered as a failure: a retry by the shopper would only store it twice.
 */
async function sendContactEmails(
  deps: ContactDeps,
  input: ContactRequestInput,
  sent: {
    contactRequestId: number
    stored: ReadonlyArray<NewAttachment>
    supportInbox: string | null
    businessName: string
    shop: ShopLocale
  }
): Promise<void> {
  const common = {
    contactRequestId: sent.contactRequestId,
    subject: input.subject,
    orderNumber: input.orderNumber,
    firstName: input.firstName,
    businessName: sent.businessName,
  }
  // Both in the business's language: the shopper's acknowledgement names its locale (as an
  // order's emails do), the support email writes the files' sizes the business's way. The
  // locale was read with the inbox, before the request was stored: nothing read here can fail
  // the answer of a request already kept.
  const { shop } = sent
  const messages: Array<OutgoingMessage> = [
    inShopLocale(shop, {
      businessId: input.businessId,
      channel: 'email',
      to: input.emailAddress,
      template: 'contact_acknowledgement',
      data: common,
    }),
  ]
  if (sent.supportInbox) {
    messages.push({
      businessId: input.businessId,
      channel: 'email',
      to: sent.supportInbox,
      template: 'contact_request',
      data: {
        ...common,
        lastName: input.lastName,
        emailAddress: input.emailAddress,
        phoneNumber: input.phoneNumber,
        message: input.message,
        attachments: sent.stored
          .map((a) => `${a.filename} (${fileSizeLabel(a.sizeBytes, shop)})`)
          .join(', '),
      },
    })
  } else {
    logError(new Error('no support inbox'), { businessId: input.businessId }, 'warn')
  }
  for (const message of messages) {
    try {
      await deps.messenger.send(message)
    } catch (error) {
      logError(error, { during: 'contact_email', template: message.template }, 'warn')
    }
  }
}
