import type { Brand } from '../../schemas/brand.ts'
import { brandFace, brandFontStack } from '../../schemas/brand-fonts.ts'

/** The neutral palette of pages without a brand (unknown host) and the fallback for bad values. */
export const DEFAULT_COLORS: Brand['colors'] = {
  primary: '#0f5132',
  primaryText: '#ffffff',
  secondary: '#f2f7f4',
  accent: '#b45309',
  background: '#ffffff',
  text: '#1f2937',
}

// Only plain colour values reach the stylesheet, so a bad setting cannot inject CSS.
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl|oklch)a?\([0-9.,%\s/a-z-]+\))$/i

/**
 * The brand's colours and font as the CSS variables styles.css maps onto Tailwind's theme tokens.
 * The font is a name from the safe list, never CSS the operator typed.
 */
export function brandThemeCss(
  colors: Brand['colors'] | null,
  font?: string | null,
  /** Where they apply: the page, or one element (the operator console's brand preview). */
  selector = ':root'
): string {
  const pick = (key: keyof Brand['colors']) => {
    const value = colors?.[key]?.trim() ?? ''
    return SAFE_COLOR.test(value) ? value : DEFAULT_COLORS[key]
  }
  return [
    `${selector}{`,
    `--brand-primary:${pick('primary')};`,
    `--brand-primary-text:${pick('primaryText')};`,
    `--brand-secondary:${pick('secondary')};`,
    `--brand-accent:${pick('accent')};`,
    `--brand-background:${pick('background')};`,
    `--brand-text:${pick('text')};`,
    `--brand-font:${brandFontStack(font)};`,
    '}',
  ].join('')
}

/**
 * The file to preload for a brand's font: its own face's latin woff2 among the built `fonts`, so
 * the text it draws first is on its way before the stylesheet asks; none for the system stack.
 */
export function brandFontPreload(
  font: string | null | undefined,
  fonts: Readonly<Record<string, string>> | undefined
): string | null {
  const face = brandFace(font)
  return (face && fonts?.[face.file]) ?? null
}

/** A one-letter SVG favicon in the brand colour, for brands without their own icon. */
export function letterFaviconDataUri(letter: string, colors: Brand['colors'] | null): string {
  const fill = colors && SAFE_COLOR.test(colors.primary) ? colors.primary : DEFAULT_COLORS.primary
  const ink =
    colors && SAFE_COLOR.test(colors.primaryText) ? colors.primaryText : DEFAULT_COLORS.primaryText
  const char = (letter.trim()[0] ?? 'S').toUpperCase().replace(/[^A-Z0-9]/, 'S')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${ink}">${char}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
