import type { ImageSet } from '../../../schemas/catalogue.ts'

/** The srcset of spec §9's three densities. */
export function imageSrcSet(images: ImageSet): string {
  return `${images.mdpi_1x} 1x, ${images.xhdpi_2x} 2x, ${images.xxhdpi_3x} 3x`
}

/**
 * An item or category picture at the three densities, its space reserved by width and height so
 * nothing shifts; lazy unless it is above the fold.
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
  return (
    <img
      src={images.mdpi_1x}
      srcSet={imageSrcSet(images)}
      width={images.width}
      height={images.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  )
}
