/**
 * The fonts a brand may pick (ADR 028): system font stacks only. The shop's CSP loads no remote
 * fonts, so each choice names fonts already on shoppers' devices and ends in a generic family.
 * The document shell sets the chosen stack as `--brand-font` (client/lib/theme.ts).
 */
export const BRAND_FONTS = ['system', 'humanist', 'geometric', 'classical', 'rounded'] as const
export type BrandFont = (typeof BRAND_FONTS)[number]

export const BRAND_FONT_STACKS: Record<BrandFont, { label: string; stack: string }> = {
  system: {
    label: 'System (each device’s own interface font)',
    stack:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  humanist: {
    label: 'Humanist (Seravek, Gill Sans, Calibri)',
    stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  },
  geometric: {
    label: 'Geometric (Avenir, Montserrat, Corbel)',
    stack: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  },
  classical: {
    label: 'Classical serif (Charter, Cambria, Georgia)',
    stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  },
  rounded: {
    label: 'Rounded (SF Pro Rounded, Nunito)',
    stack:
      "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', 'Arial Rounded MT Bold', Calibri, source-sans-pro, sans-serif",
  },
}

/** The stack of a stored font name; anything unknown falls back to the system stack. */
export function brandFontStack(font: string | null | undefined): string {
  return (BRAND_FONTS as ReadonlyArray<string>).includes(font ?? '')
    ? BRAND_FONT_STACKS[font as BrandFont].stack
    : BRAND_FONT_STACKS.system.stack
}
