import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENTS_MAX_COUNT,
} from '../../../schemas/constants.ts'
import { fileSizeLabel } from '../../../schemas/contact.ts'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import {
  checkAttachments,
  displayFilename,
  sniffAttachmentType,
} from '../../../worker/backend/contact/attachments.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { exeBytes, pdfBytes, pdfOfSize, pngBytes } from '../../support/upload-files.ts'

const file = (bytes: Uint8Array, name: string, type = '') => new File([bytes], name, { type })

async function refusal(files: Array<File>): Promise<string> {
  const error = await checkAttachments(files).then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(AppError)
  return (error as AppError).message
}

describe('sniffAttachmentType', () => {
  it('knows a PDF, a PNG, a JPEG, a GIF and a WebP by their first bytes', async () => {
    expect(await sniffAttachmentType(pdfBytes())).toBe('application/pdf')
    expect(await sniffAttachmentType(pngBytes())).toBe('image/png')
    expect(await sniffAttachmentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe(
      'image/jpeg'
    )
    expect(await sniffAttachmentType(new TextEncoder().encode('GIF89a\x01\x00\x01\x00'))).toBe(
      'image/gif'
    )
    const webp = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ')
    expect(await sniffAttachmentType(webp)).toBe('image/webp')
  })

  it('refuses a program, text and unknown bytes', async () => {
    expect(await sniffAttachmentType(exeBytes())).toBeNull()
    expect(
      await sniffAttachmentType(new TextEncoder().encode('%!PS-Adobe but not a PDF'))
    ).toBeNull()
    expect(await sniffAttachmentType(new Uint8Array(100))).toBeNull()
  })
})

describe('displayFilename', () => {
  it('keeps the last path segment and only safe characters', () => {
    expect(displayFilename('C:\\Users\\me\\receipt (1).pdf')).toBe('receipt (1).pdf')
    expect(displayFilename('../../etc/passwd')).toBe('passwd')
    expect(displayFilename('<img src=x onerror=alert(1)>.png')).toBe(
      'img src_x onerror_alert(1)_.png'
    )
    expect(displayFilename('<script>alert(1)</script>.png')).toBe('script_.png')
    expect(displayFilename('...')).toBe('attachment')
    expect(displayFilename('a'.repeat(300) + '.pdf')).toHaveLength(100)
  })
})

describe('checkAttachments', () => {
  it('answers each file with its sniffed type, whatever the browser declared', async () => {
    const checked = await checkAttachments([
      file(pdfBytes(), 'receipt.pdf', 'image/png'),
      file(pngBytes(), 'photo', 'application/octet-stream'),
    ])
    expect(checked.map((c) => [c.filename, c.contentType])).toEqual([
      ['receipt.pdf', 'application/pdf'],
      ['photo', 'image/png'],
    ])
  })

  it('refuses a program renamed .pdf and declared a PDF, naming it', async () => {
    expect(await refusal([file(exeBytes(), 'invoice.pdf', 'application/pdf')])).toBe(
      formatMessage('contactFileType', 'invoice.pdf')
    )
  })

  it('refuses too many files, one too large, too much together and an empty one', async () => {
    const small = () => file(pdfBytes(), 'a.pdf')
    expect(await refusal(Array.from({ length: CONTACT_ATTACHMENTS_MAX_COUNT + 1 }, small))).toBe(
      formatMessage('contactTooManyFiles', CONTACT_ATTACHMENTS_MAX_COUNT)
    )
    expect(await refusal([file(pdfOfSize(CONTACT_ATTACHMENT_MAX_BYTES + 1), 'big.pdf')])).toBe(
      formatMessage('contactFileTooLarge', 'big.pdf', '5 MB')
    )
    const nearlyFull = () => file(pdfOfSize(CONTACT_ATTACHMENT_MAX_BYTES - 1), 'part.pdf')
    expect(await refusal([nearlyFull(), nearlyFull(), nearlyFull()])).toBe(
      formatMessage('contactFilesTooLarge', '10 MB')
    )
    expect(await refusal([file(new Uint8Array(0), 'empty.pdf')])).toBe(
      formatMessage('contactFileEmpty', 'empty.pdf')
    )
  })
})

describe('fileSizeLabel', () => {
  it('says whole megabytes plainly, others to one place, and small files in KB (at least 1)', () => {
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe('5 MB')
    expect(fileSizeLabel(1.25 * 1024 * 1024)).toBe('1.3 MB')
    expect(fileSizeLabel(340 * 1024)).toBe('340 KB')
    expect(fileSizeLabel(12)).toBe('1 KB')
  })

  it('writes the number the shop’s way: a decimal comma in Dutch', () => {
    const nl = shopLocaleOf({ locale: 'nl_NL', currency: 'EUR', countryCode: 'NL' })
    expect(fileSizeLabel(1.5 * 1024 * 1024, nl)).toBe('1,5 MB')
    expect(fileSizeLabel(1.25 * 1024 * 1024, nl)).toBe('1,3 MB')
    expect(fileSizeLabel(5 * 1024 * 1024, nl)).toBe('5 MB')
    expect(fileSizeLabel(1023.9 * 1024, nl)).toBe('1024 KB')
  })

  it('says every UK size byte for byte as the old toFixed did', () => {
    const MIB = 1024 * 1024
    const before = (bytes: number) =>
      bytes < MIB
        ? `${Math.max(1, Math.round(bytes / 1024))} KB`
        : `${Number.isInteger(bytes / MIB) ? bytes / MIB : (bytes / MIB).toFixed(1)} MB`
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (bytes) => {
        expect(fileSizeLabel(bytes)).toBe(before(bytes))
      }),
      { numRuns: 2000 }
    )
    // Whole bytes near the roundings' edges: 1.05 MB, 1.95 MB, 1023.5 KB.
    for (const bytes of [MIB - 1, MIB, 1101005, 2044723, 10 * MIB + 1, 1048064]) {
      expect(fileSizeLabel(bytes)).toBe(before(bytes))
    }
  })
})
