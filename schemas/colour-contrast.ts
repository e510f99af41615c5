/**
 * WCAG 2.2 contrast of a brand's colours (success criteria 1.4.3 text, 1.4.11 non-text), pure so
 * the backend refuses a palette and the brand form explains it the same way.
 */

/** A CSS hex colour: #rgb or #rrggbb. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The sRGB channels (0-255) of a hex colour, or null when it is not #rgb / #rrggbb. */
export function parseHexColour(hex: string): [number, number, number] | null {
  const value = hex.trim()
  if (!HEX_COLOUR.test(value)) return null
  const digits =
    value.length === 4
      ? [...value.slice(1)].map((d) => d + d)
      : [value.slice(1, 3), value.slice(3, 5), value.slice(5, 7)]
  const [r = 0, g = 0, b = 0] = digits.map((pair) => Number.parseInt(pair, 16))
  return [r, g, b]
}

/** WCAG relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** The contrast ratio of two hex colours (1 … 21), or null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const first = parseHexColour(a)
  const second = parseHexColour(b)
  if (!first || !second) return null
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/** A brand's six colours, by the names the brand form uses. */
export interface BrandPalette {
  primary: string
  primaryText: string
  secondary: string
  accent: string
  background: string
  text: string
}

/** One pair the palette must keep apart: text needs 4.5:1 (AA), UI components 3:1. */
export interface ContrastRule {
  /** The field an error is shown at. */
  field: keyof BrandPalette
  foreground: keyof BrandPalette
  background: keyof BrandPalette
  /** How the message names the pair, e.g. 'Primary text on primary'. */
  label: string
  minimum: 4.5 | 3
}

export const CONTRAST_RULES: ReadonlyArray<ContrastRule> = [
  {
    field: 'text',
    foreground: 'text',
    background: 'background',
    label: 'Text on background',
    minimum: 4.5,
  },
  {
    field: 'primaryText',
    foreground: 'primaryText',
    background: 'primary',
    label: 'Primary text on primary',
    minimum: 4.5,
  },
  {
    field: 'primary',
    foreground: 'primary',
    background: 'background',
    label: 'Primary on background',
    minimum: 3,
  },
  // The shop sets the brand's text on accent (deal and offer badges), never accent on the page.
  {
    field: 'accent',
    foreground: 'text',
    background: 'accent',
    label: 'Text on accent',
    minimum: 4.5,
  },
]

/** Rounds a ratio DOWN to one decimal, so a ratio just under the limit never reads as meeting it. */
export function ratioLabel(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace(/\.0$/, '')}:1`
}

/** A pair that fails, with the message the brand form shows at its field. */
export interface ContrastFailure {
  field: keyof BrandPalette
  ratio: number
  message: string
}

/**
 * Every pair of the palette under its WCAG 2.2 AA minimum, in rule order. Colours that are not
 * hex are left to the field's own format check.
 *
 * @example contrastFailures({ ...palette, primaryText: '#9ca3af' })
 * // [{ field: 'primaryText', ratio: 2.9…, message: 'Primary text on primary is 2.9:1; it must be at least 4.5:1.' }]
 */
export function contrastFailures(palette: BrandPalette): Array<ContrastFailure> {
  const failures: Array<ContrastFailure> = []
  for (const rule of CONTRAST_RULES) {
    const ratio = contrastRatio(palette[rule.foreground], palette[rule.background])
    if (ratio === null || ratio >= rule.minimum) continue
    failures.push({
      field: rule.field,
      ratio,
      message: `${rule.label} is ${ratioLabel(ratio)}; it must be at least ${rule.minimum}:1.`,
    })
  }
  return failures
}
