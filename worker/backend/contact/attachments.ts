import { fileTypeFromBuffer } from 'file-type'
import { pdfActiveContent } from './pdf-active-content.ts'
import {
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENT_TYPES,
  CONTACT_ATTACHMENTS_MAX_COUNT,
  CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES,
} from '../../../schemas/constants.ts'
import { type ContactAttachmentType, fileSizeLabel } from '../../../schemas/contact.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'

/** An attachment that passed every check: its bytes, its sniffed type, its name for display. */
export interface CheckedAttachment {
  bytes: Uint8Array
  contentType: ContactAttachmentType
  filename: string
}

/** What the check reads of an uploaded file (a File; zod's and the runtime's types differ). */
export interface UploadedFile {
  readonly name: string
  readonly size: number
  arrayBuffer(): Promise<ArrayBuffer>
}

/** How many first bytes tell every allowed type apart (file-type's own sample size). */
export const SNIFF_SAMPLE_BYTES = 4100

const FILENAME_MAX_LENGTH = 100

/**
 * The uploaded name made safe to show in an email or a page, and nothing else: the last path
 * segment, only letters, digits, spaces and `._-()`, at most 100 characters. It never names the
 * R2 object (a UUID does) and is never used as a path.
 */
export function displayFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? ''
  const safe = last
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s_]+/, '')
    .trim()
    .slice(-FILENAME_MAX_LENGTH)
  return safe || 'attachment'
}

/** The allowed type these bytes are, by their content (file-type's signatures), or null. */
export async function sniffAttachmentType(
  bytes: Uint8Array
): Promise<ContactAttachmentType | null> {
  const found = await fileTypeFromBuffer(bytes)
  const mime = found?.mime
  return CONTACT_ATTACHMENT_TYPES.find((type) => type === mime) ?? null
}

function refuse(message: string): AppError {
  return new AppError('validation_error', message, { fields: [{ field: 'files', message }] })
}

/**
 * Checks the contact form's attachments before anything is stored: how many, each one's size,
 * their total, and each one's type by its first bytes (a program renamed .pdf is refused whatever
 * its name or declared type). The first failure refuses the whole request, naming the file.
 */
export async function checkAttachments(
  files: ReadonlyArray<UploadedFile | string>
): Promise<Array<CheckedAttachment>> {
  if (files.length > CONTACT_ATTACHMENTS_MAX_COUNT) {
    throw refuse(formatMessage('contactTooManyFiles', CONTACT_ATTACHMENTS_MAX_COUNT))
  }
  let total = 0
  for (const file of files) {
    if (typeof file === 'string') throw refuse(formatMessage('contactFileType', 'A text field'))
    const name = displayFilename(file.name)
    if (file.size === 0) throw refuse(formatMessage('contactFileEmpty', name))
    if (file.size > CONTACT_ATTACHMENT_MAX_BYTES) {
      throw refuse(
        formatMessage('contactFileTooLarge', name, fileSizeLabel(CONTACT_ATTACHMENT_MAX_BYTES))
      )
    }
    total += file.size
  }
  if (total > CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES) {
    throw refuse(
      formatMessage('contactFilesTooLarge', fileSizeLabel(CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES))
    )
  }
  const checked: Array<CheckedAttachment> = []
  for (const file of files) {
    if (typeof file === 'string') continue
    const filename = displayFilename(file.name)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const contentType = await sniffAttachmentType(bytes)
    if (!contentType) throw refuse(formatMessage('contactFileType', filename))
    if (contentType === 'application/pdf' && (await pdfActiveContent(bytes)).active) {
      throw refuse(formatMessage('contactFileActive', filename))
    }
    checked.push({ bytes, contentType, filename })
  }
  return checked
}
