import type { PackKind, Packshot } from '../../../schemas/packshot.ts'
import { PACKSHOT_ICONS, type PackshotIcon } from './packshot-icon-set.ts'
import { escapeXml } from '../../lib/xml.ts'

/*
 * Draws a packshot (ADR 033): the pack's shape for its kind, in its colours, on a light studio
 * background, with the product's name and size printed on its label as a shopper reads them on
 * a shelf. What is inside is a Fluent Emoji Flat drawing (MIT, Microsoft; packshot-icon-set.ts):
 * loose produce is the drawing itself above its price tag, a pack prints it on its label.
 * A pure function of the Packshot, so the same URL always draws the same picture.
 * Drawn in a 200 × 200 box; text uses system sans faces (an <img> SVG cannot load web fonts).
 */

interface Box {
  x: number
  y: number
  w: number
  h: number
}

interface PackDrawing {
  /** The pack's shapes, label panel included. */
  body: string
  /** Where the name and size are printed. */
  text: Box
}

type Colours = {
  pack: string
  label: string
  ink: string
  shade: string
  light: string
  /** A little darker than the pack: the fruit behind. */
  deep: string
}

const METAL = '#c9cdd3'

// Loose produce wears a white price tag in front instead of a printed label.
const PRICE_TAG = (c: Colours) =>
  `<rect x="36" y="146" width="128" height="38" rx="8" fill="${c.label}"/>`
const PRODUCE_TEXT: Box = { x: 42, y: 148, w: 116, h: 34 }

const DRAW: Record<PackKind, (c: Colours) => PackDrawing> = {
  bottle: (c) => ({
    body:
      `<rect x="84" y="18" width="32" height="18" rx="3" fill="${c.shade}"/>` +
      `<path d="M88 36h24v14c0 10 30 12 30 32v86q0 12-12 12H70q-12 0-12-12V82c0-20 30-22 30-32z" fill="${c.pack}"/>` +
      `<rect x="58" y="94" width="84" height="66" fill="${c.label}"/>`,
    text: { x: 62, y: 97, w: 76, h: 60 },
  }),
  can: (c) => ({
    body:
      `<rect x="56" y="38" width="88" height="136" fill="${c.pack}"/>` +
      `<ellipse cx="100" cy="38" rx="44" ry="8" fill="${METAL}"/>` +
      `<ellipse cx="100" cy="174" rx="44" ry="8" fill="${c.shade}"/>` +
      `<rect x="56" y="60" width="88" height="94" fill="${c.label}"/>`,
    text: { x: 60, y: 63, w: 80, h: 88 },
  }),
  jar: (c) => ({
    body:
      `<rect x="62" y="30" width="76" height="24" rx="4" fill="${c.shade}"/>` +
      `<rect x="52" y="52" width="96" height="128" rx="20" fill="${c.pack}"/>` +
      `<rect x="52" y="82" width="96" height="70" fill="${c.label}"/>`,
    text: { x: 56, y: 85, w: 88, h: 64 },
  }),
  box: (c) => ({
    body:
      `<path d="M142 40l20-12v140l-20 12z" fill="${c.shade}"/>` +
      `<path d="M50 40l20-12h92l-20 12z" fill="${c.light}"/>` +
      `<rect x="50" y="40" width="92" height="140" fill="${c.pack}"/>` +
      `<rect x="56" y="62" width="80" height="86" rx="6" fill="${c.label}"/>`,
    text: { x: 60, y: 65, w: 72, h: 80 },
  }),
  carton: (c) => ({
    body:
      `<rect x="74" y="22" width="52" height="12" fill="${c.shade}"/>` +
      `<path d="M74 34h52l16 26H58z" fill="${c.light}"/>` +
      `<rect x="58" y="60" width="84" height="120" fill="${c.pack}"/>` +
      `<rect x="58" y="82" width="84" height="76" fill="${c.label}"/>`,
    text: { x: 62, y: 85, w: 76, h: 70 },
  }),
  tub: (c) => ({
    body:
      `<path d="M44 70h112l-10 108H54z" fill="${c.pack}"/>` +
      `<rect x="38" y="56" width="124" height="18" rx="5" fill="${c.shade}"/>` +
      `<rect x="56" y="88" width="88" height="70" rx="6" fill="${c.label}"/>`,
    text: { x: 60, y: 91, w: 80, h: 64 },
  }),
  bag: (c) => ({
    body:
      `<path d="M50 38q50-8 100 0l6 136q-56 8-112 0z" fill="${c.pack}"/>` +
      `<path d="M50 30h100v10H50zM44 170h112v10H44z" fill="${c.shade}"/>` +
      `<rect x="58" y="66" width="84" height="88" rx="8" fill="${c.label}"/>`,
    text: { x: 62, y: 69, w: 76, h: 82 },
  }),
  tray: (c) => ({
    body:
      `<path d="M28 118h144l-10 52H38z" fill="${c.shade}"/>` +
      `<rect x="36" y="86" width="128" height="40" rx="16" fill="${c.pack}"/>` +
      `<rect x="36" y="80" width="128" height="12" rx="6" fill="#ffffff" opacity="0.45"/>` +
      `<rect x="28" y="124" width="144" height="46" fill="${c.label}"/>`,
    text: { x: 34, y: 126, w: 132, h: 42 },
  }),
  loaf: (c) => ({
    body:
      `<path d="M40 100c0-36 22-48 60-48s60 12 60 48v72H40z" fill="${c.pack}"/>` +
      `<path d="M62 70q10-8 20 0M92 64q10-8 20 0M122 70q10-8 20 0" stroke="${c.shade}" stroke-width="4" fill="none"/>` +
      `<rect x="40" y="110" width="120" height="52" fill="${c.label}"/>`,
    text: { x: 46, y: 112, w: 108, h: 48 },
  }),
  produce: (c) => ({
    body:
      `<circle cx="100" cy="80" r="34" fill="${c.deep}"/>` +
      `<circle cx="70" cy="112" r="34" fill="${c.pack}"/>` +
      `<circle cx="130" cy="112" r="34" fill="${c.pack}"/>` +
      `<circle cx="60" cy="100" r="9" fill="#ffffff" opacity="0.35"/>` +
      `<circle cx="120" cy="100" r="9" fill="#ffffff" opacity="0.35"/>` +
      `<path d="M100 46c4-12 16-18 28-16-4 12-14 18-28 16z" fill="#3f8f3a"/>` +
      PRICE_TAG(c),
    text: PRODUCE_TEXT,
  }),
  banana: (c) => ({
    body:
      `<path d="M44 96q56 62 118-10l6 6q-60 86-128 10z" fill="${c.shade}"/>` +
      `<path d="M40 84q60 60 120-12l6 6q-62 84-130 12z" fill="${c.pack}"/>` +
      `<path d="M44 72q58 56 114-14l6 6q-60 78-124 14z" fill="${c.light}"/>` +
      `<path d="M158 56l12-12 6 6-12 12z" fill="#5d4a1f"/>` +
      PRICE_TAG(c),
    text: PRODUCE_TEXT,
  }),
  root: (c) => ({
    body:
      `<path d="M58 52h22l-8 92z" fill="${c.shade}"/>` +
      `<path d="M88 44h24l-12 104z" fill="${c.pack}"/>` +
      `<path d="M120 52h22l-14 92z" fill="${c.shade}"/>` +
      `<path d="M62 52q6-20 16-26M100 44q0-22 8-30M130 52q4-20 14-24" stroke="#3f8f3a" stroke-width="6" stroke-linecap="round" fill="none"/>` +
      PRICE_TAG(c),
    text: PRODUCE_TEXT,
  }),
  leafy: (c) => ({
    body:
      `<rect x="92" y="110" width="16" height="36" fill="${c.shade}"/>` +
      `<circle cx="70" cy="92" r="28" fill="${c.shade}"/>` +
      `<circle cx="130" cy="92" r="28" fill="${c.shade}"/>` +
      `<circle cx="100" cy="72" r="32" fill="${c.pack}"/>` +
      `<circle cx="76" cy="104" r="24" fill="${c.pack}"/>` +
      `<circle cx="124" cy="104" r="24" fill="${c.pack}"/>` +
      `<circle cx="92" cy="62" r="10" fill="#ffffff" opacity="0.25"/>` +
      PRICE_TAG(c),
    text: PRODUCE_TEXT,
  }),
  pouch: (c) => ({
    body:
      `<path d="M56 36h88l8 138q-52 10-104 0z" fill="${c.pack}"/>` +
      `<rect x="56" y="46" width="88" height="4" fill="${c.shade}"/>` +
      `<rect x="62" y="70" width="76" height="82" rx="8" fill="${c.label}"/>`,
    text: { x: 66, y: 73, w: 68, h: 76 },
  }),
  bar: (c) => ({
    body:
      `<path d="M24 72h152l-6 8 6 8-6 8 6 8-6 8 6 8-6 8 6 8H24l6-8-6-8 6-8-6-8 6-8-6-8 6-8z" fill="${c.pack}"/>` +
      `<rect x="44" y="78" width="112" height="52" rx="4" fill="${c.label}"/>`,
    text: { x: 48, y: 80, w: 104, h: 48 },
  }),
  tube: (c) => ({
    body:
      `<path d="M60 28h80l-10 124H70z" fill="${c.pack}"/>` +
      `<rect x="58" y="24" width="84" height="8" fill="${c.shade}"/>` +
      `<rect x="84" y="152" width="32" height="26" rx="3" fill="${c.shade}"/>` +
      `<rect x="66" y="52" width="68" height="80" fill="${c.label}"/>`,
    text: { x: 68, y: 55, w: 64, h: 74 },
  }),
  cup: (c) => ({
    body:
      `<path d="M58 60h84l-10 118H68z" fill="${c.pack}"/>` +
      `<rect x="50" y="44" width="100" height="18" rx="6" fill="${c.shade}"/>` +
      `<path d="M62 92h76l-4 58H66z" fill="${c.label}"/>`,
    text: { x: 68, y: 95, w: 64, h: 52 },
  }),
}

const LOOSE: ReadonlySet<PackKind> = new Set(['produce', 'banana', 'root', 'leafy'])

/** The icon drawn in a square at (x, y) of side `size`. */
function placeIcon(icon: PackshotIcon, x: number, y: number, size: number): string {
  return `<svg x="${round(x)}" y="${round(y)}" width="${size}" height="${size}" viewBox="${icon.box}">${icon.body}</svg>`
}

/** Loose produce drawn as itself, or a pack with the icon printed above the name on its label. */
function withIcon(kind: PackKind, drawing: PackDrawing, colours: Colours, icon: PackshotIcon) {
  if (LOOSE.has(kind)) {
    return { body: placeIcon(icon, 38, 16, 124) + PRICE_TAG(colours), text: PRODUCE_TEXT }
  }
  const box = drawing.text
  const size = Math.floor(Math.min(34, box.h * 0.45, box.w * 0.5))
  return {
    body: drawing.body + placeIcon(icon, box.x + (box.w - size) / 2, box.y + 1, size),
    text: { ...box, y: box.y + size + 2, h: box.h - size - 2 },
  }
}

/** The SVG of a packshot: `px` is its intrinsic width and height. */
export function packshotSvg(shot: Packshot, px = 480): string {
  const pack = `#${shot.colours.pack}`
  const colours: Colours = {
    pack,
    label: `#${shot.colours.label}`,
    ink: `#${shot.colours.ink}`,
    shade: mix(pack, '#000000', 0.28),
    light: mix(pack, '#ffffff', 0.3),
    deep: mix(pack, '#000000', 0.12),
  }
  const icon =
    shot.icon !== null && Object.hasOwn(PACKSHOT_ICONS, shot.icon)
      ? PACKSHOT_ICONS[shot.icon]
      : undefined
  const plain = DRAW[shot.kind](colours)
  const drawing = icon ? withIcon(shot.kind, plain, colours, icon) : plain
  const title = escapeXml(shot.size ? `${shot.name} ${shot.size}` : shot.name)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 200 200" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    '<rect width="200" height="200" fill="#f5f4f0"/>' +
    '<ellipse cx="100" cy="184" rx="64" ry="7" fill="#000000" opacity="0.08"/>' +
    drawing.body +
    labelText(shot.name, shot.size, drawing.text, colours.ink) +
    '</svg>\n'
  )
}

// Average advance of a bold sans glyph, in ems: enough to keep a line inside its label.
const GLYPH_EM = 0.58
const FONT = 'font-family="Arial, Helvetica, sans-serif"'

/** The name, wrapped to at most three lines at the largest size that fits, then the size. */
function labelText(name: string, size: string | null, box: Box, ink: string): string {
  const sizeFont = Math.min(13, Math.floor(box.w / ((size?.length ?? 1) * GLYPH_EM)))
  const sizeHeight = size ? sizeFont + 4 : 0
  const room = box.h - sizeHeight
  let chosen = { font: 8, lines: fitLines(name, Math.floor(box.w / (8 * GLYPH_EM)), 3) }
  for (let font = 15; font >= 8; font--) {
    const maxLines = Math.min(3, Math.floor(room / (font * 1.15)))
    if (maxLines < 1) continue
    const lines = wrap(name, Math.floor(box.w / (font * GLYPH_EM)))
    if (lines.length <= maxLines) {
      chosen = { font, lines }
      break
    }
  }
  const lineHeight = chosen.font * 1.15
  const blockHeight = chosen.lines.length * lineHeight + sizeHeight
  const cx = box.x + box.w / 2
  let y = box.y + (box.h - blockHeight) / 2 + chosen.font
  let out = ''
  for (const line of chosen.lines) {
    out += `<text x="${cx}" y="${round(y)}" text-anchor="middle" ${FONT} font-size="${chosen.font}" font-weight="700" fill="${ink}">${escapeXml(line)}</text>`
    y += lineHeight
  }
  if (size) {
    out += `<text x="${cx}" y="${round(y + 2)}" text-anchor="middle" ${FONT} font-size="${sizeFont}" fill="${ink}">${escapeXml(size)}</text>`
  }
  return out
}

/** Words into lines of at most `width` characters (a longer word is a line of its own). */
export function wrap(text: string, width: number): Array<string> {
  const lines: Array<string> = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1]
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`
    } else {
      lines.push(word)
    }
  }
  return lines
}

/** At most `count` lines; what does not fit ends the last line with an ellipsis. */
function fitLines(text: string, width: number, count: number): Array<string> {
  const lines = wrap(text, width)
  if (lines.length <= count) return lines
  const kept = lines.slice(0, count)
  const last = kept[count - 1] ?? ''
  kept[count - 1] = `${last.slice(0, Math.max(1, width - 1))}…`
  return kept
}

/** `a` moved `amount` of the way to `b` (hex colours). */
function mix(a: string, b: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16)
  let out = '#'
  for (let i = 0; i < 3; i++) {
    const value = Math.round(channel(a, i) * (1 - amount) + channel(b, i) * amount)
    out += value.toString(16).padStart(2, '0')
  }
  return out
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}
