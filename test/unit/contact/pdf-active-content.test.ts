import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pdfActiveContent } from '../../../worker/backend/contact/pdf-active-content.ts'
import { pdfBytes } from '../../support/upload-files.ts'

const ascii = (text: string) => new TextEncoder().encode(text)

/** A PDF whose object 6 is a Flate stream holding `packed` (as an object stream would). */
function pdfWithPackedObject(packed: Uint8Array): Uint8Array {
  const plain = new TextDecoder('latin1').decode(pdfBytes())
  const head = plain.slice(0, plain.indexOf('xref'))
  const compressed = deflateSync(packed)
  const before = ascii(
    `${head}6 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${compressed.byteLength} >>\nstream\n`
  )
  const after = ascii('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
  const out = new Uint8Array(before.byteLength + compressed.byteLength + after.byteLength)
  out.set(before, 0)
  out.set(compressed, before.byteLength)
  out.set(after, before.byteLength + compressed.byteLength)
  return out
}

describe('a PDF that acts when opened', () => {
  it('passes a plain PDF, a link and an opening view', async () => {
    expect(await pdfActiveContent(pdfBytes())).toEqual({ active: false })
    expect(await pdfActiveContent(pdfBytes('Receipt', '/OpenAction [3 0 R /Fit] '))).toEqual({
      active: false,
    })
    expect(
      await pdfActiveContent(
        pdfBytes('Receipt', '/Names << /Dests 9 0 R >> /URI << /Base (https://x.example) >> ')
      )
    ).toEqual({ active: false })
  })

  it('refuses JavaScript on opening, a launched program and embedded files', async () => {
    const cases: Array<[string, string]> = [
      ["/OpenAction << /S /JavaScript /JS (app.alert('hi')) >> ", 'JavaScript'],
      ['/AA << /O << /S /Launch /F (cmd.exe) >> >> ', 'Launch'],
      ['/Names << /EmbeddedFiles 9 0 R >> ', 'EmbeddedFiles'],
      ['/AcroForm << /XFA 9 0 R >> ', 'XFA'],
    ]
    for (const [entries, reason] of cases) {
      expect(await pdfActiveContent(pdfBytes('Receipt', entries))).toEqual({
        active: true,
        reason,
      })
    }
  })

  it('reads names through their #xx escapes', async () => {
    const escaped = pdfBytes('Receipt', '/OpenAction << /S /J#61vaScript /J#53 (x) >> ')
    expect(await pdfActiveContent(escaped)).toEqual({ active: true, reason: 'JavaScript' })
  })

  it('finds a script packed in a compressed object stream', async () => {
    const packed = ascii("7 0 << /S /JavaScript /JS (app.launchURL('https://x.example')) >>")
    expect(await pdfActiveContent(pdfWithPackedObject(packed))).toEqual({
      active: true,
      reason: 'JavaScript',
    })
    expect(await pdfActiveContent(pdfWithPackedObject(ascii('7 0 << /S /URI >>')))).toEqual({
      active: false,
    })
  })

  it('refuses a compression bomb rather than unpacking it', async () => {
    const bomb = pdfWithPackedObject(new Uint8Array(33 * 1024 * 1024))
    expect(bomb.byteLength).toBeLessThan(100 * 1024)
    expect(await pdfActiveContent(bomb)).toEqual({
      active: true,
      reason: 'too much packed content',
    })
  })
})
