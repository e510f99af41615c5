/**
 * Packshot pictures (ADR 033): a demo item's picture is drawn by the worker from its URL alone,
 * `/images/packshot/v2/<kind>.svg?c=<pack>-<label>-<ink>&i=<icon>&s=<size>&n=<name>`, so no file is
 * stored per item and no lookup is made per picture. The drawing version is in the path: a
 * changed drawing is a new URL, so the answer can be cached as immutable.
 */

/** Where packshots are served; the version names the drawing code (worker/pages/media/packshot-svg.ts). */
export const PACKSHOT_PATH = '/images/packshot/v2'

/** The pack shapes a picture can take. */
export const PACK_KINDS = [
  'bottle',
  'can',
  'jar',
  'box',
  'carton',
  'tub',
  'bag',
  'tray',
  'loaf',
  'produce',
  'banana',
  'root',
  'leafy',
  'pouch',
  'bar',
  'tube',
  'cup',
] as const
export type PackKind = (typeof PACK_KINDS)[number]

/** The three colours of a pack: its body, the label panel and the label's text (hex, no '#'). */
export interface PackColours {
  pack: string
  label: string
  ink: string
}

export interface Packshot {
  kind: PackKind
  /** The product's name as printed on the pack (without its size). */
  name: string
  /** The size printed on the pack ('500g', '4 x 415g'), or null for a loose item. */
  size: string | null
  colours: PackColours
  /**
   * The Fluent Emoji Flat drawing of what is inside (worker/pages/media/packshot-icon-set.ts): the produce
   * itself for loose fruit and veg, a picture on the label for a pack; null draws the label only.
   */
  icon: string | null
}

/** The longest name and size a URL may carry: a label has room for three short lines. */
export const PACKSHOT_NAME_MAX = 80
export const PACKSHOT_SIZE_MAX = 16

const HEX = /^[0-9a-f]{6}$/
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/
const ICON_NAME_MAX = 40

/** The URL a packshot is served at; a name or size too long to draw throws. */
export function packshotUrl(shot: Packshot): string {
  if (shot.name.length > PACKSHOT_NAME_MAX || (shot.size?.length ?? 0) > PACKSHOT_SIZE_MAX) {
    throw new Error(`packshot text too long: ${shot.name} ${shot.size ?? ''}`)
  }
  const c = `${shot.colours.pack}-${shot.colours.label}-${shot.colours.ink}`
  if (shot.icon !== null && !isIconName(shot.icon)) throw new Error(`bad icon: ${shot.icon}`)
  const i = shot.icon ? `&i=${shot.icon}` : ''
  const s = shot.size ? `&s=${encodeURIComponent(shot.size)}` : ''
  return `${PACKSHOT_PATH}/${shot.kind}.svg?c=${c}${i}${s}&n=${encodeURIComponent(shot.name)}`
}

/**
 * The packshot a request asks for, or null when any part is missing or malformed: an unknown
 * kind, colours that are not three six-digit hex values, an empty or overlong name or size, an
 * icon name that is not one (whether the worker has that icon is the drawing's business).
 */
export function parsePackshot(
  path: string,
  query: { get(name: string): string | null }
): Packshot | null {
  const prefix = `${PACKSHOT_PATH}/`
  if (!path.startsWith(prefix) || !path.endsWith('.svg')) return null
  const kindText = path.slice(prefix.length, -'.svg'.length)
  const kind = PACK_KINDS.find((k) => k === kindText)
  if (!kind) return null
  const colours = (query.get('c') ?? '').split('-')
  const [pack = '', label = '', ink = ''] = colours
  if (colours.length !== 3 || ![pack, label, ink].every((c) => HEX.test(c))) return null
  const name = (query.get('n') ?? '').trim()
  if (name.length === 0 || name.length > PACKSHOT_NAME_MAX) return null
  const sizeText = query.get('s')
  const size = sizeText === null ? null : sizeText.trim()
  if (size !== null && (size.length === 0 || size.length > PACKSHOT_SIZE_MAX)) return null
  const icon = query.get('i')
  if (icon !== null && !isIconName(icon)) return null
  return { kind, name, size, colours: { pack, label, ink }, icon }
}

function isIconName(name: string): boolean {
  return name.length <= ICON_NAME_MAX && ICON_NAME.test(name)
}
