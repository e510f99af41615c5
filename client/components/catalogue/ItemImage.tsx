import type { ImageSet } from '../../../schemas/catalogue.ts'

/** The srcset of spec §9's three densities. */
export function imageSrcSet(images: Pick<ImageSet, 'mdpi_1x' | 'xhdpi_2x' | 'xxhdpi_3x'>): string {
  return `${images.mdpi_1x} 1x, ${images.xhdpi_2x} 2x, ${images.xxhdpi_3x} 3x`
}

/**
 * An item or category picture at the three densities, its space reserved by width and height so
 * nothing shifts; lazy unless it is above the fold. With WebP copies (an uploaded photo's), a
 * <picture> offers them first and the JPEG or PNG img stays for browsers without WebP; the
 * picture element is `display: contents`, so the img lays out as it does alone.
 */
export function ItemImage({
  images,
  alt,
  className,
  eager = false,
}: {
  images: ImageSet
  alt: string
  className?: string
  eager?: boolean
}) {
  // One URL at every density (a vector packshot) needs no srcset: the page carries it once.
  const oneFile = images.xhdpi_2x === images.mdpi_1x && images.xxhdpi_3x === images.mdpi_1x
  const img = (
    <img
      src={images.mdpi_1x}
      srcSet={oneFile ? undefined : imageSrcSet(images)}
      width={images.width}
      height={images.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  )
  if (!images.webp) return img
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={imageSrcSet(images.webp)} />
      {img}
    </picture>
  )
}
