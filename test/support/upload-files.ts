/*
 * Small real files for upload tests (the contact form's attachments, ADR 022), built in the test
 * so no binary fixture is checked in. Each starts with the bytes file-type recognises it by.
 */

const ascii = (text: string) => new TextEncoder().encode(text)

/** A one-page PDF that says `text` (a valid file any PDF reader opens). */
export function pdfBytes(text = 'Receipt', catalogEntries = ''): Uint8Array {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogEntries}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: Array<number> = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return ascii(pdf)
}

/** The start of a PNG: its signature and an IHDR chunk (1×1, RGBA). */
export function pngBytes(): Uint8Array {
  return Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ])
}

/** A Windows program's first bytes (the MZ header and a DOS stub), whatever it is named. */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(512)
  bytes.set(ascii('MZ'), 0)
  bytes.set(ascii('This program cannot be run in DOS mode.'), 0x4e)
  bytes.set(ascii('PE\0\0'), 0x80)
  bytes[0x3c] = 0x80
  return bytes
}

/** `size` bytes that start as a PDF, to test size limits with an allowed type. */
export function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set(pdfBytes().subarray(0, Math.min(size, 64)))
  return bytes
}
