// The first brand's stand-in logo: its name as an SVG wordmark in a data: URL. The brand must be
// live from the start (its host is where the first operator signs in, and only a live brand's
// host resolves), and a live brand has a logo (ADR 028); the operator uploads the real one in the
// console. The shop's CSP allows data: images, as the generated letter favicon uses
// (client/lib/theme.ts).

/** The height logos are stored at for the header (the console's HEADER_LOGO_HEIGHT). */
const HEIGHT = 40
const FONT_SIZE = 24
// A bold system face averages about 0.6 em a character; textLength below makes it fit exactly.
const CHARACTER_WIDTH = FONT_SIZE * 0.6
const PADDING = 4

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The brand's name in its primary colour, `HEIGHT` high and as wide as the name needs.
 *
 * @example wordmarkLogo('Corner Fresh', '#0f5132').url // 'data:image/svg+xml,%3Csvg…'
 */
export function wordmarkLogo(
  name: string,
  colour: string
): { url: string; width: number; height: number } {
  const textWidth = Math.ceil([...name].length * CHARACTER_WIDTH)
  const width = Math.max(HEIGHT, textWidth + 2 * PADDING)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" ` +
    `viewBox="0 0 ${width} ${HEIGHT}"><text x="${PADDING}" y="${HEIGHT / 2}" ` +
    `dominant-baseline="central" textLength="${width - 2 * PADDING}" ` +
    `lengthAdjust="spacingAndGlyphs" font-family="system-ui,Arial,sans-serif" ` +
    `font-size="${FONT_SIZE}" font-weight="700" fill="${colour}">${escapeXml(name)}</text></svg>`
  return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, width, height: HEIGHT }
}
