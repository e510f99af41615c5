import type { MapTiles } from '../../client/lib/tracking-map.ts'

/**
 * The tracking map's tiles from configuration (wrangler.toml MAP_TILES_URL and
 * MAP_TILES_ATTRIBUTION): an https XYZ template with {z}, {x} and {y}, or none, and then the local
 * base map. A template that is not one is ignored rather than drawn as broken images.
 */
export function mapTilesOf(env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>): MapTiles {
  const url = env.MAP_TILES_URL.trim()
  const valid =
    url.startsWith('https://') && ['{z}', '{x}', '{y}'].every((part) => url.includes(part))
  return { url: valid ? url : null, attribution: valid ? env.MAP_TILES_ATTRIBUTION.trim() : '' }
}

/** The tile provider's origin, for the tracking page's img-src; null for the local base map. */
export function mapTilesOrigin(
  env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>
): string | null {
  const { url } = mapTilesOf(env)
  if (!url) return null
  // The template's placeholders are not valid in every part of a URL: only its origin is read.
  return new URL(url.replaceAll(/\{[a-z]\}/g, '0')).origin
}
