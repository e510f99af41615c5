import type { IconName } from './catalogue.ts'

/** Image densities of spec §3 with the square size (px) each is drawn at; originals is the master. */
export const IMAGE_SIZES = [
  { density: 'originals', size: 960 },
  { density: 'mdpi_1x', size: 160 },
  { density: 'xhdpi_2x', size: 320 },
  { density: 'xxhdpi_3x', size: 480 },
] as const

export type ImageDensity = (typeof IMAGE_SIZES)[number]['density']

/** Where the pictures of a department live under public/ (and so under the site root). */
export function categoryImagePath(departmentSlug: string, density: ImageDensity): string {
  return `/images/categories/${departmentSlug}/${density}.svg`
}

// Icons drawn in a 100×100 box, white on the department colour.
const ICONS: Record<IconName, string> = {
  apple:
    '<path d="M50 30c-8-10-28-8-30 12-2 18 12 38 22 38 4 0 6-2 8-2s4 2 8 2c10 0 24-20 22-38-2-20-22-22-30-12z"/><path d="M50 30c0-8 4-14 12-16" fill="none" stroke="#fff" stroke-width="4"/>',
  loaf: '<path d="M18 48c0-14 14-22 32-22s32 8 32 22v26H18z"/>',
  bottle: '<path d="M42 14h16v12l8 12v44H34V38l8-12z"/>',
  fish: '<path d="M16 50c12-16 36-20 52-6l14-12v36L68 56C52 70 28 66 16 50z"/>',
  box: '<rect x="22" y="30" width="56" height="44" rx="4"/><path d="M22 30l8-10h40l8 10z"/>',
  snowflake:
    '<g stroke="#fff" stroke-width="7" stroke-linecap="round"><path d="M50 16v68M21 33l58 34M21 67l58-34"/></g>',
  jar: '<rect x="30" y="20" width="40" height="10" rx="2"/><rect x="26" y="32" width="48" height="50" rx="8"/>',
  can: '<rect x="32" y="18" width="36" height="64" rx="6"/>',
  glass: '<path d="M30 16h40c0 20-8 30-16 32v24h12v8H34v-8h12V48c-8-2-16-12-16-32z"/>',
  sweet: '<circle cx="50" cy="50" r="18"/><path d="M32 50l-16-12v24zM68 50l16-12v24z"/>',
  spray: '<rect x="34" y="36" width="32" height="48" rx="6"/><path d="M38 36v-12h18l10 6-4 6z"/>',
  cross: '<path d="M40 16h20v24h24v20H60v24H40V60H16V40h24z"/>',
  heart: '<path d="M50 82C20 60 14 46 18 34c4-12 22-16 32-2 10-14 28-10 32 2 4 12-2 26-32 48z"/>',
  paw: '<circle cx="50" cy="62" r="16"/><circle cx="28" cy="40" r="8"/><circle cx="42" cy="28" r="8"/><circle cx="58" cy="28" r="8"/><circle cx="72" cy="40" r="8"/>',
  cup: '<path d="M24 34h44v26c0 12-10 20-22 20S24 72 24 60z"/><path d="M68 40h6c6 0 8 12 0 16h-6" fill="none" stroke="#fff" stroke-width="5"/>',
  leaf: '<path d="M20 80C20 40 44 20 82 18 80 56 60 80 20 80z"/>',
  star: '<path d="M50 14l10 24 26 2-20 17 6 25-22-14-22 14 6-25-20-17 26-2z"/>',
}

/** A square category picture: the department colour with its icon and an accessible title. */
export function categorySvg(title: string, color: string, icon: IconName, size: number): string {
  const escaped = escapeXml(title)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${escaped}"><title>${escaped}</title><rect width="100" height="100" rx="12" fill="${color}"/><circle cx="50" cy="50" r="40" fill="#ffffff" opacity="0.14"/><g fill="#ffffff">${ICONS[icon]}</g></svg>\n`
}

/** A wordmark logo: a coloured roundel with an initial, then the brand name. */
export function logoSvg(name: string, primary: string, accent: string): string {
  const escaped = escapeXml(name)
  const initial = escapeXml(name.charAt(0))
  // Bold sans glyphs average ~0.6 em: shrink long names so they fit the 144 px after the roundel.
  const fontSize = Math.min(19, Math.floor(144 / (name.length * 0.6)))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${escaped}"><title>${escaped}</title><circle cx="24" cy="24" r="20" fill="${primary}"/><circle cx="36" cy="12" r="6" fill="${accent}"/><text x="24" y="31" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff">${initial}</text><text x="52" y="31" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="700" fill="${primary}">${escaped}</text></svg>\n`
}

/** A wide promotional banner with a headline on the brand-neutral department colour. */
export function bannerSvg(title: string, subtitle: string, color: string, icon: IconName): string {
  const t = escapeXml(title)
  const s = escapeXml(subtitle)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" role="img" aria-label="${t}"><title>${t}</title><rect width="1200" height="400" fill="${color}"/><circle cx="1010" cy="200" r="170" fill="#ffffff" opacity="0.15"/><g transform="translate(880 70) scale(2.6)" fill="#ffffff">${ICONS[icon]}</g><text x="72" y="190" font-family="Arial, Helvetica, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${t}</text><text x="72" y="254" font-family="Arial, Helvetica, sans-serif" font-size="32" fill="#ffffff">${s}</text></svg>\n`
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}
