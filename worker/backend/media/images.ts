import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import { fileSizeLabel } from '../../../schemas/contact.ts'
import {
  MEDIA_IMAGE_MAX_BYTES,
  MEDIA_IMAGE_TYPES,
  type MediaImageType,
  type MediaPurpose,
  mediaUrl,
} from '../../../schemas/media.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'

/** The R2 operations storing an image needs (the MEDIA bucket). */
export type MediaStore = Pick<R2Bucket, 'put' | 'delete'>

/** An image that passed the checks: its bytes, its type from its content, its pixel size. */
export interface CheckedImage {
  bytes: Uint8Array
  contentType: MediaImageType
  width: number
  height: number
}

/** An image in the MEDIA bucket. */
export interface StoredImage {
  key: string
  /** Where the worker serves it (`/media/<key>`). */
  url: string
  contentType: MediaImageType
  width: number
  height: number
}

const EXTENSIONS: Record<MediaImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

const refuse = (field: string, message: string) =>
  new AppError('validation_error', message, { fields: [{ field, message }] })

/**
 * Checks an upload is an image we serve: not empty, within the size limit, a JPEG, PNG, WebP or
 * GIF by its bytes (file-type's signatures; the name and the browser's type are never trusted),
 * and readable to its pixel size (image-size). A refusal is a 422 at `field`.
 */
export async function checkImage(
  bytes: Uint8Array,
  field: string,
  options: { maxBytes?: number; minSide?: number } = {}
): Promise<CheckedImage> {
  const maxBytes = options.maxBytes ?? MEDIA_IMAGE_MAX_BYTES
  if (bytes.byteLength === 0) throw refuse(field, MESSAGES.mediaImageEmpty)
  if (bytes.byteLength > maxBytes) {
    throw refuse(field, formatMessage('mediaImageTooLarge', fileSizeLabel(maxBytes)))
  }
  const mime = (await fileTypeFromBuffer(bytes))?.mime
  const contentType = MEDIA_IMAGE_TYPES.find((type) => type === mime)
  if (!contentType) throw refuse(field, MESSAGES.mediaImageType)
  let size: { width?: number; height?: number }
  try {
    size = imageSize(bytes)
  } catch {
    throw refuse(field, MESSAGES.mediaImageType)
  }
  const { width = 0, height = 0 } = size
  const minSide = options.minSide ?? 1
  if (width < minSide || height < minSide) {
    throw refuse(field, formatMessage('mediaImageTooSmall', minSide))
  }
  return { bytes, contentType, width, height }
}

/**
 * A new key for an image of a business: `b<businessId>/<purpose>/<uuid>.<ext>`, never derived
 * from the uploaded name. `variant` names a derived file of the same upload (a density:
 * `b1/item/<uuid>/2x.webp`).
 */
export function mediaKey(
  businessId: number,
  purpose: MediaPurpose,
  contentType: MediaImageType,
  id: string = crypto.randomUUID(),
  variant?: string
): string {
  const ext = EXTENSIONS[contentType]
  return variant
    ? `b${businessId}/${purpose}/${id}/${variant}.${ext}`
    : `b${businessId}/${purpose}/${id}.${ext}`
}

/**
 * Stores a checked image in the MEDIA bucket under a new key, with its type and a long
 * immutable cache life (a changed picture is a new key).
 */
export async function putImage(
  bucket: MediaStore,
  businessId: number,
  purpose: MediaPurpose,
  image: CheckedImage,
  key: string = mediaKey(businessId, purpose, image.contentType)
): Promise<StoredImage> {
  await bucket.put(key, image.bytes, {
    httpMetadata: {
      contentType: image.contentType,
      cacheControl: 'public, max-age=31536000, immutable',
    },
  })
  return {
    key,
    url: mediaUrl(key),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
  }
}
