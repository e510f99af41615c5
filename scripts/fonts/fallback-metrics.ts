// Prints the size-adjusted fallback metrics of the brand faces (client/fonts.css): each face's
// vertical metrics (hhea) and its letters' average advance weighted by English letter frequency,
// read from its latin woff2, against Arial's (sans) or Times New Roman's (serif) as their
// metric-compatible Liberation faces give them (next/font and fontaine do the same), so
// the fallback takes the same space and the swap moves nothing (CLS 0). Run after a face changes:
//   node scripts/fonts/fallback-metrics.ts
import { readFileSync } from 'node:fs'
import { brotliDecompressSync } from 'node:zlib'

const KNOWN_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2'] as const

/** The head, hhea and OS/2 tables of a woff2 (none of them is ever transformed). */
function tables(path: string): Map<string, DataView> {
  const bytes = readFileSync(path)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const numTables = view.getUint16(12)
  const compressedSize = view.getUint32(20)
  let at = 48
  const base128 = () => {
    let value = 0
    for (let i = 0; i < 5; i++) {
      const byte = view.getUint8(at++)
      value = value * 128 + (byte & 0x7f)
      if ((byte & 0x80) === 0) return value
    }
    throw new Error('bad UIntBase128')
  }
  const entries: Array<{ tag: string; length: number }> = []
  for (let i = 0; i < numTables; i++) {
    const flags = view.getUint8(at++)
    let tag: string = KNOWN_TAGS[flags & 0x3f] ?? `#${flags & 0x3f}`
    if ((flags & 0x3f) === 63) {
      tag = String.fromCharCode(...bytes.subarray(at, at + 4))
      at += 4
    }
    const version = flags >> 6
    const origLength = base128()
    // glyf (10) and loca (11) are transformed at version 0; every other table at any other.
    const transformed =
      (flags & 0x3f) === 10 || (flags & 0x3f) === 11 ? version === 0 : version !== 0
    const length = transformed ? base128() : origLength
    entries.push({ tag, length })
  }
  const data = brotliDecompressSync(bytes.subarray(at, at + compressedSize))
  const out = new Map<string, DataView>()
  let offset = 0
  for (const { tag, length } of entries) {
    out.set(tag, new DataView(data.buffer, data.byteOffset + offset, length))
    offset += length
  }
  return out
}

/** The tables of a TrueType file (the fallbacks: Liberation has Arial's and Times's metrics). */
function sfntTables(path: string): Map<string, DataView> {
  const bytes = readFileSync(path)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Map<string, DataView>()
  for (let i = 0; i < view.getUint16(4); i++) {
    const at = 12 + i * 16
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4))
    out.set(
      tag,
      new DataView(bytes.buffer, bytes.byteOffset + view.getUint32(at + 8), view.getUint32(at + 12))
    )
  }
  return out
}

/** The glyph of a character (cmap format 4, the BMP). */
function glyphOf(cmap: DataView, char: number): number {
  for (let i = 0; i < cmap.getUint16(2); i++) {
    const offset = cmap.getUint32(4 + i * 8 + 4)
    if (cmap.getUint16(offset) !== 4) continue
    const segX2 = cmap.getUint16(offset + 6)
    const ends = offset + 14
    const starts = ends + segX2 + 2
    const deltas = starts + segX2
    const ranges = deltas + segX2
    for (let s = 0; s < segX2; s += 2) {
      if (char > cmap.getUint16(ends + s)) continue
      const start = cmap.getUint16(starts + s)
      if (char < start) return 0
      const range = cmap.getUint16(ranges + s)
      const delta = cmap.getInt16(deltas + s)
      if (range === 0) return (char + delta) & 0xffff
      const glyph = cmap.getUint16(ranges + s + range + (char - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
  }
  return 0
}

// English letter frequencies (%), with the space between words: the text a shop mostly shows.
const FREQUENCIES: Record<string, number> = {
  ' ': 18,
  e: 10.2,
  t: 7.5,
  a: 6.7,
  o: 6.2,
  i: 5.7,
  n: 5.7,
  s: 5.3,
  r: 5,
  h: 5,
  l: 3.3,
  d: 3.5,
  c: 2.3,
  u: 2.3,
  m: 2,
  f: 1.8,
  p: 1.6,
  g: 1.6,
  w: 1.9,
  y: 1.6,
  b: 1.2,
  v: 0.8,
  k: 0.6,
  x: 0.1,
  j: 0.1,
  q: 0.1,
  z: 0.1,
}

/** Vertical metrics and the frequency-weighted average advance, in ems. */
function metrics(t: Map<string, DataView>) {
  const head = t.get('head')
  const hhea = t.get('hhea')
  const hmtx = t.get('hmtx')
  const cmap = t.get('cmap')
  if (!head || !hhea || !hmtx || !cmap) throw new Error('tables missing')
  const upm = head.getUint16(18)
  const metricsCount = hhea.getUint16(34)
  let total = 0
  let weight = 0
  for (const [char, frequency] of Object.entries(FREQUENCIES)) {
    const glyph = Math.min(glyphOf(cmap, char.charCodeAt(0)), metricsCount - 1)
    total += (hmtx.getUint16(glyph * 4) / upm) * frequency
    weight += frequency
  }
  return {
    ascent: hhea.getInt16(4) / upm,
    descent: -hhea.getInt16(6) / upm,
    lineGap: hhea.getInt16(8) / upm,
    width: total / weight,
  }
}

const FALLBACKS = {
  sans: metrics(sfntTables('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf')),
  serif: metrics(sfntTables('/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf')),
}

const FACES = [
  ['Source Sans 3', 'source-sans-3', 'sans'],
  ['Outfit', 'outfit', 'sans'],
  ['Lora', 'lora', 'serif'],
  ['Nunito', 'nunito', 'sans'],
] as const

const percent = (n: number) => `${(n * 100).toFixed(2)}%`
for (const [family, slug, kind] of FACES) {
  const face = metrics(
    tables(`node_modules/@fontsource-variable/${slug}/files/${slug}-latin-wght-normal.woff2`)
  )
  const sizeAdjust = face.width / FALLBACKS[kind].width
  console.log(
    `${family} (${kind}): size-adjust: ${percent(sizeAdjust)}; ` +
      `ascent-override: ${percent(face.ascent / sizeAdjust)}; ` +
      `descent-override: ${percent(face.descent / sizeAdjust)}; ` +
      `line-gap-override: ${percent(face.lineGap / sizeAdjust)};`
  )
}
