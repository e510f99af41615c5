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

interface Encoded {
  bytes: Uint8Array
  contentType: MediaImageType
}

/**
 * A resized density's bytes twice: PNG for sources that may be transparent, otherwise JPEG, for
 * every browser; and WebP, which the shop offers first to the browsers that read it. Photon's
 * WebP is lossless: smaller than PNG, but often larger than a JPEG of a photo (see storeItemImage).
 */
async function resized(
  image: CheckedImage,
  width: number,
  height: number
): Promise<{ fallback: Encoded; webp: Encoded }> {
  // Loaded on first use: the WebAssembly module is only needed by this upload.
  const photon = await import('@cf-wasm/photon')
  const source = photon.PhotonImage.new_from_byteslice(image.bytes)
  try {
    const out = photon.resize(source, width, height, photon.SamplingFilter.Lanczos3)
    try {
      const transparent = image.contentType === 'image/png' || image.contentType === 'image/gif'
      const fallback: Encoded = transparent
        ? { bytes: out.get_bytes(), contentType: 'image/png' }
        : { bytes: out.get_bytes_jpeg(85), contentType: 'image/jpeg' }
      return { fallback, webp: { bytes: out.get_bytes_webp(), contentType: 'image/webp' } }
    } finally {
      out.free()
    }
  } finally {
    source.free()
  }
}

/**
 * Stores the original and its three densities as JPEG or PNG under one upload id
 * (`…/<id>/mdpi_1x.jpg`), and beside them their WebP copies (`…/<id>/mdpi_1x.webp`) when every
 * copy is smaller than its JPEG or PNG: a WebP that costs more bytes is not offered. Answers the
 * URLs.
 */
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
  const outs = []
  for (const density of DENSITIES) {
    const size = densitySize(density, image.width, image.height)
    outs.push({ density, size, ...(await resized(image, size.width, size.height)) })
  }
  const webpPays = outs.every((out) => out.webp.bytes.byteLength < out.fallback.bytes.byteLength)
  const urls: Partial<Record<Density, string>> = {}
  const webp: Partial<Record<Density, string>> = {}
  for (const { density, size, fallback, webp: webpCopy } of outs) {
    const put = (encoded: Encoded) =>
      putImage(
        bucket,
        businessId,
        'item',
        { ...encoded, ...size },
        mediaKey(businessId, 'item', encoded.contentType, id, density)
      )
    urls[density] = (await put(fallback)).url
    if (webpPays) webp[density] = (await put(webpCopy)).url
  }
  const mdpi = densitySize('mdpi_1x', image.width, image.height)
  return {
    originals: original.url,
    mdpi_1x: urls.mdpi_1x ?? '',
    xhdpi_2x: urls.xhdpi_2x ?? '',
    xxhdpi_3x: urls.xxhdpi_3x ?? '',
    width: mdpi.width,
    height: mdpi.height,
    ...(webp.mdpi_1x && webp.xhdpi_2x && webp.xxhdpi_3x
      ? { webp: { mdpi_1x: webp.mdpi_1x, xhdpi_2x: webp.xhdpi_2x, xxhdpi_3x: webp.xxhdpi_3x } }
      : {}),
  }
}
