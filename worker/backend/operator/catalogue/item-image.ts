import type { ImageSet } from '../../../../schemas/catalogue.ts'
import type { MediaImageType } from '../../../../schemas/media.ts'
import { ITEM_IMAGE_WIDTHS } from '../../../../schemas/operator-catalogue.ts'
import { type CheckedImage, mediaKey, type MediaStore, putImage } from '../../media/images.ts'

/*
 * An item's picture at the shop's three densities (ADR 029): the original is kept, and each
 * density is resized from it with photon (Rust image code compiled to WebAssembly, which runs in
 * workerd). A density wider than the original is the original's width: never enlarged.
 */

export type Density = keyof typeof ITEM_IMAGE_WIDTHS
export const DENSITIES = Object.keys(ITEM_IMAGE_WIDTHS) as Array<Density>

/** The pixel size of a density of a `width` × `height` picture, keeping its proportions. */
export function densitySize(
  density: Density,
  width: number,
  height: number
): { width: number; height: number } {
  const target = Math.min(ITEM_IMAGE_WIDTHS[density], width)
  return { width: target, height: Math.max(1, Math.round((height * target) / width)) }
}

/** A resized density's bytes: PNG for sources that may be transparent, otherwise JPEG. */
async function resized(
  image: CheckedImage,
  width: number,
  height: number
): Promise<{ bytes: Uint8Array; contentType: MediaImageType }> {
  // Loaded on first use: the WebAssembly module is only needed by this upload.
  const photon = await import('@cf-wasm/photon')
  const source = photon.PhotonImage.new_from_byteslice(image.bytes)
  try {
    const out = photon.resize(source, width, height, photon.SamplingFilter.Lanczos3)
    try {
      const transparent = image.contentType === 'image/png' || image.contentType === 'image/gif'
      return transparent
        ? { bytes: out.get_bytes(), contentType: 'image/png' }
        : { bytes: out.get_bytes_jpeg(85), contentType: 'image/jpeg' }
    } finally {
      out.free()
    }
  } finally {
    source.free()
  }
}

/** Stores the original and its three densities under one upload id; answers their URLs. */
export async function storeItemImage(
  bucket: MediaStore,
  businessId: number,
  image: CheckedImage
): Promise<ImageSet> {
  const id = crypto.randomUUID()
  const original = await putImage(
    bucket,
    businessId,
    'item',
    image,
    mediaKey(businessId, 'item', image.contentType, id, 'original')
  )
  const urls: Partial<Record<Density, string>> = {}
  for (const density of DENSITIES) {
    const size = densitySize(density, image.width, image.height)
    const out = await resized(image, size.width, size.height)
    const stored = await putImage(
      bucket,
      businessId,
      'item',
      { bytes: out.bytes, contentType: out.contentType, ...size },
      mediaKey(businessId, 'item', out.contentType, id, density)
    )
    urls[density] = stored.url
  }
  const mdpi = densitySize('mdpi_1x', image.width, image.height)
  return {
    originals: original.url,
    mdpi_1x: urls.mdpi_1x ?? '',
    xhdpi_2x: urls.xhdpi_2x ?? '',
    xxhdpi_3x: urls.xxhdpi_3x ?? '',
    width: mdpi.width,
    height: mdpi.height,
  }
}
