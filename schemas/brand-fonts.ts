/**
 * The fonts a brand may pick (ADR 028, amended): the system's own, or one of four self-hosted
 * faces (client/fonts.css, served from our own origin: the CSP loads no remote fonts). A face's
 * stack puts it first, then its size-adjusted local fallback, then the system stack it had before,
 * ending in a generic family. The document shell sets the chosen stack as `--brand-font`
 * (client/lib/theme.ts) and preloads the face's latin file (BRAND_FACE_FILES).
 */
export const BRAND_FONTS = ['system', 'humanist', 'geometric', 'classical', 'rounded'] as const
export type BrandFont = (typeof BRAND_FONTS)[number]

/** A self-hosted face: its CSS family and the stem of its latin woff2 (what the page preloads). */
export interface BrandFace {
  family: string
  file: string
}

export const BRAND_FONT_STACKS: Record<
  BrandFont,
  { label: string; stack: string; face: BrandFace | null }
> = {
  system: {
    label: 'System (each device’s own interface font)',
    stack:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    face: null,
  },
  humanist: {
    label: 'Humanist (Source Sans 3)',
    face: { family: 'Source Sans 3', file: 'source-sans-3-latin-wght-normal' },
    stack:
      "'Source Sans 3', 'Source Sans 3 Fallback', Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  },
  geometric: {
    label: 'Geometric (Outfit)',
    face: { family: 'Outfit', file: 'outfit-latin-wght-normal' },
    stack:
      "Outfit, 'Outfit Fallback', Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  },
  classical: {
    label: 'Classical serif (Lora)',
    face: { family: 'Lora', file: 'lora-latin-wght-normal' },
    stack:
      "Lora, 'Lora Fallback', Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  },
  rounded: {
    label: 'Rounded (Nunito)',
    face: { family: 'Nunito', file: 'nunito-latin-wght-normal' },
    stack:
      "Nunito, 'Nunito Fallback', ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', 'Arial Rounded MT Bold', Calibri, source-sans-pro, sans-serif",
  },
}

/** The stack of a stored font name; anything unknown falls back to the system stack. */
export function brandFontStack(font: string | null | undefined): string {
  return (BRAND_FONTS as ReadonlyArray<string>).includes(font ?? '')
    ? BRAND_FONT_STACKS[font as BrandFont].stack
    : BRAND_FONT_STACKS.system.stack
}

/** The self-hosted face of a stored font name, or null (the system stack, or anything unknown). */
export function brandFace(font: string | null | undefined): BrandFace | null {
  return (BRAND_FONTS as ReadonlyArray<string>).includes(font ?? '')
    ? BRAND_FONT_STACKS[font as BrandFont].face
    : null
}
