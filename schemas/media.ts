/**
 * Public images operators upload (ADR 027): brand logos and icons, item, category, deal and banner
 * pictures. They live in the MEDIA R2 bucket under `b<businessId>/<purpose>/<uuid>…` and are
 * served at `/media/<key>` by the worker, immutable (a new upload is a new key).
 */

/** Where the worker serves the MEDIA bucket. */
export const MEDIA_PATH = '/media'

/** The image types an upload may be, told by its bytes (never its name). No SVG: it can run script. */
export const MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type MediaImageType = (typeof MEDIA_IMAGE_TYPES)[number]

/** An uploaded image's size limit. */
export const MEDIA_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** What an image is for: the second segment of its key. */
export const MEDIA_PURPOSES = ['brand', 'item', 'category', 'deal', 'banner', 'store'] as const
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number]

/** The path a stored image is served at. */
export function mediaUrl(key: string): string {
  return `${MEDIA_PATH}/${key}`
}

/**
 * The business a media key belongs to (its `b<id>/` prefix), or null when the key is not one of
 * ours: the worker serves a business's images on its own brands' hosts only.
 */
export function mediaKeyBusinessId(key: string): number | null {
  const match = /^b([1-9]\d{0,9})\/[a-z]+\/[\w.-]+(?:\/[\w.-]+)?$/.exec(key)
  return match ? Number(match[1]) : null
}
