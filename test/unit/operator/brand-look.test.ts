import { describe, expect, it } from 'vitest'
import {
  BRAND_FONT_STACKS,
  BRAND_FONTS,
  brandFace,
  brandFontStack,
} from '../../../schemas/brand-fonts.ts'
import { fontFiles } from '../../../scripts/vite-client-assets.ts'
import {
  contrastFailures,
  contrastRatio,
  parseHexColour,
  ratioLabel,
  relativeLuminance,
} from '../../../schemas/colour-contrast.ts'
import { BrandCreateRequestSchema } from '../../../schemas/operator-brands.ts'
import { brandFontPreload, brandThemeCss } from '../../../client/lib/theme.ts'

const GOOD = {
  primary: '#0f5132',
  primaryText: '#ffffff',
  secondary: '#d1e7dd',
  accent: '#f4b400',
  background: '#ffffff',
  text: '#1f2937',
}

describe('WCAG contrast', () => {
  it('computes relative luminance and the ratio like the WCAG definition', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0)
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10)
    expect(contrastRatio('#fff', '#ffffff')).toBeCloseTo(1, 10)
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
  })

  it('reads #rgb and #rrggbb only', () => {
    expect(parseHexColour('#0F5')).toEqual([0, 255, 85])
    expect(parseHexColour('#0f5132')).toEqual([15, 81, 50])
    expect(parseHexColour('red')).toBeNull()
    expect(contrastRatio('red', '#fff')).toBeNull()
  })

  it('rounds a ratio down, so a near miss never reads as the minimum', () => {
    expect(ratioLabel(4.499)).toBe('4.4:1')
    expect(ratioLabel(3)).toBe('3:1')
    expect(ratioLabel(2.96)).toBe('2.9:1')
  })

  it('passes a good palette and names each failing pair with its ratio', () => {
    expect(contrastFailures(GOOD)).toEqual([])
    const failures = contrastFailures({ ...GOOD, primaryText: '#9ca3af', accent: '#b45309' })
    expect(failures.map((f) => [f.field, f.message])).toEqual([
      ['primaryText', 'Primary text on primary is 3.6:1; it must be at least 4.5:1.'],
      ['accent', 'Text on accent is 2.9:1; it must be at least 4.5:1.'],
    ])
  })

  it('checks text on background and on accent at 4.5:1, primary on the background at 3:1', () => {
    // Grey text fails on white and on the yellow accent of the offer badges alike.
    expect(contrastFailures({ ...GOOD, text: '#888888' }).map((f) => f.field)).toEqual([
      'text',
      'accent',
    ])
    expect(
      contrastFailures({ ...GOOD, primary: '#a3c9b4', primaryText: '#000000' }).map((f) => f.field)
    ).toEqual(['primary'])
  })

  it('refuses a failing palette in the brand schema at the colour field', () => {
    const result = BrandCreateRequestSchema.safeParse({
      businessId: 1,
      name: 'A',
      slug: 'a-b',
      colors: { ...GOOD, primaryText: '#9ca3af' },
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['colors.primaryText', 'Primary text on primary is 3.6:1; it must be at least 4.5:1.'],
    ])
  })
})

describe('brand fonts', () => {
  it('answers a stack for a safe name and the system stack for anything else', () => {
    expect(brandFontStack('classical')).toMatch(/^Lora, 'Lora Fallback', .*serif$/)
    expect(brandFontStack('url(https://evil.example/font.woff)')).toBe(brandFontStack('system'))
    expect(brandFontStack(null)).toBe(brandFontStack('system'))
  })

  it('becomes the --brand-font variable of the document or of one element', () => {
    expect(brandThemeCss(GOOD, 'rounded')).toMatch(
      /^:root\{.*--brand-font:Nunito, 'Nunito Fallback', ui-rounded,/
    )
    expect(brandThemeCss(GOOD, 'geometric', '.brand-preview')).toMatch(/^\.brand-preview\{/)
  })

  it('names a self-hosted face for each choice but the system one', () => {
    expect(BRAND_FONTS.map((font) => brandFace(font)?.family ?? null)).toEqual([
      null,
      'Source Sans 3',
      'Outfit',
      'Lora',
      'Nunito',
    ])
    expect(brandFace('url(https://evil.example/font.woff)')).toBeNull()
    // The console's form lists them by name.
    expect(BRAND_FONT_STACKS.rounded.label).toBe('Rounded (Nunito)')
  })

  it('preloads the brand face’s built latin file, and nothing for the system stack', () => {
    const built = fontFiles([
      'assets/nunito-latin-wght-normal-BzFMHfZw.woff2',
      'assets/nunito-latin-ext-wght-normal-CXYtwYOx.woff2',
      'assets/lora-latin-wght-normal-Bi_cI-cI.woff2',
      'assets/logo-Ab12Cd34.svg',
    ])
    expect(built).toEqual({
      'nunito-latin-wght-normal': '/assets/nunito-latin-wght-normal-BzFMHfZw.woff2',
      'nunito-latin-ext-wght-normal': '/assets/nunito-latin-ext-wght-normal-CXYtwYOx.woff2',
      'lora-latin-wght-normal': '/assets/lora-latin-wght-normal-Bi_cI-cI.woff2',
    })
    expect(brandFontPreload('rounded', built)).toBe(
      '/assets/nunito-latin-wght-normal-BzFMHfZw.woff2'
    )
    expect(brandFontPreload('classical', built)).toBe(
      '/assets/lora-latin-wght-normal-Bi_cI-cI.woff2'
    )
    expect(brandFontPreload('geometric', built)).toBeNull()
    expect(brandFontPreload('system', built)).toBeNull()
    expect(brandFontPreload('rounded', undefined)).toBeNull()
  })
})
