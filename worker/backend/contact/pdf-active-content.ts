/*
 * A PDF can run code or carry other files when it is opened: JavaScript (an /OpenAction or /AA
 * whose action is /JavaScript), /Launch of a program, embedded files, Flash (/RichMedia), XFA
 * forms that submit or import data. Support staff open what shoppers send, so the contact form
 * refuses a PDF with any of these (ADR 022). Names are read after undoing their #xx escapes
 * (/J#61vaScript is /JavaScript), and in every Flate stream too, so names packed into object
 * streams (PDF 1.5+) are seen. A plain link (/URI) or an opening view (/OpenAction [page /Fit])
 * is not active and passes.
 */

/** Action and feature names that make a PDF act when opened. */
const ACTIVE_NAMES: ReadonlySet<string> = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
])

// What may be inflated from one file: a compression bomb is refused, not unpacked.
const INFLATED_BUDGET_BYTES = 32 * 1024 * 1024

const NAME = /\/([^\s/<>[\]()%{}]+)/g
const STREAM_START = /stream\r?\n/g

function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16))
  )
}

/** The first active name in the text (one byte per character), or null. */
function activeNameIn(text: string): string | null {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1] ?? '')
    if (ACTIVE_NAMES.has(name)) return name
  }
  return null
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes)
}

async function inflate(
  bytes: Uint8Array,
  budget: number
): Promise<Uint8Array | 'too_large' | null> {
  const reader = new Blob([bytes])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'))
    .getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > budget) {
        await reader.cancel()
        return 'too_large'
      }
      chunks.push(value)
    }
  } catch {
    // A stream a reader cannot inflate either: nothing in it can run.
    return null
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

export type PdfVerdict = { active: false } | { active: true; reason: string }

/** Whether a PDF (already sniffed as one) has content that acts when it is opened. */
export async function pdfActiveContent(bytes: Uint8Array): Promise<PdfVerdict> {
  const text = latin1(bytes)
  const plain = activeNameIn(text)
  if (plain) return { active: true, reason: plain }
  let budget = INFLATED_BUDGET_BYTES
  for (const start of text.matchAll(STREAM_START)) {
    const dataAt = (start.index ?? 0) + start[0].length
    // The stream's dictionary is what stands between its object's start and the keyword.
    const objectAt = text.lastIndexOf(' obj', start.index)
    const dictionary = text.slice(Math.max(objectAt, 0), start.index)
    if (!/\/FlateDecode\b/.test(dictionary)) continue
    const end = text.indexOf('endstream', dataAt)
    if (end < 0) continue
    const data = bytes.subarray(dataAt, end)
    const trimmed = data.subarray(0, trimmedLength(data))
    const inflated = await inflate(trimmed, budget)
    if (inflated === 'too_large') return { active: true, reason: 'too much packed content' }
    if (inflated === null) continue
    budget -= inflated.byteLength
    const packed = activeNameIn(latin1(inflated))
    if (packed) return { active: true, reason: packed }
  }
  return { active: false }
}

/** The stream's length without the end-of-line before `endstream`. */
function trimmedLength(data: Uint8Array): number {
  let length = data.byteLength
  while (length > 0 && (data[length - 1] === 0x0a || data[length - 1] === 0x0d)) length -= 1
  return length
}
