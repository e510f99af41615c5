import { describe, expect, it } from 'vitest'
import {
  AnnouncementBlockSchema,
  FooterColumnsBlockSchema,
  HowItWorksBlockSchema,
  mergeContentBlocks,
  type StoredContentBlock,
} from '../../../schemas/content-blocks.ts'
import { siteContentOf } from '../../../worker/pages/shared/site-content.ts'

const row = (
  brandId: number | null,
  placement: string,
  key: string,
  content: unknown
): StoredContentBlock => ({ brandId, placement, key, contentJson: JSON.stringify(content) })

describe('content block schemas', () => {
  it('accepts site paths and https links, refuses other schemes and protocol-relative ones', () => {
    const column = (href: string) => ({
      columns: [{ title: 'Help', links: [{ label: 'X', href }] }],
    })
    expect(FooterColumnsBlockSchema.safeParse(column('/terms')).success).toBe(true)
    expect(FooterColumnsBlockSchema.safeParse(column('https://example.com/a')).success).toBe(true)
    for (const href of ['javascript:alert(1)', '//evil.example', 'http://x.example', '/\\evil']) {
      expect(FooterColumnsBlockSchema.safeParse(column(href)).success).toBe(false)
    }
  })

  it('defaults an announcement without a link and refuses an empty one', () => {
    expect(AnnouncementBlockSchema.parse({ text: 'Open on Sunday' })).toEqual({
      text: 'Open on Sunday',
      link: null,
    })
    expect(AnnouncementBlockSchema.safeParse({ text: '  ' }).success).toBe(false)
  })

  it('wants how-it-works steps with a title', () => {
    expect(HowItWorksBlockSchema.safeParse({ steps: ['Enter your postcode'] }).success).toBe(false)
    expect(HowItWorksBlockSchema.safeParse({ steps: [{ title: 'Shop', text: '' }] }).success).toBe(
      true
    )
  })
})

describe('mergeContentBlocks', () => {
  it("takes the brand's block over the business's of the same placement and key", () => {
    const { blocks, problems } = mergeContentBlocks([
      row(7, 'header', 'announcement', { text: 'Brand news' }),
      row(null, 'header', 'announcement', { text: 'Business news' }),
      row(null, 'footer', 'legal', { text: 'Business legal line' }),
    ])
    expect(blocks.header.announcement?.text).toBe('Brand news')
    expect(blocks.footer.legal?.text).toBe('Business legal line')
    expect(problems).toEqual([])
  })

  it('keeps the brand block whichever order the rows come in', () => {
    const { blocks } = mergeContentBlocks([
      row(null, 'footer', 'legal', { text: 'Business' }),
      row(7, 'footer', 'legal', { text: 'Brand' }),
    ])
    expect(blocks.footer.legal?.text).toBe('Brand')
  })

  it('leaves out unknown keys and invalid content, and says which', () => {
    const { blocks, problems } = mergeContentBlocks([
      row(null, 'home', 'carousel', { slides: [] }),
      row(7, 'home', 'hero', { title: '' }),
      { brandId: 7, placement: 'footer', key: 'legal', contentJson: '{not json' },
    ])
    expect(blocks).toEqual({ home: {}, header: {}, footer: {} })
    expect(problems).toEqual([
      { placement: 'home', key: 'carousel', reason: 'unknown' },
      { placement: 'home', key: 'hero', reason: 'invalid' },
      { placement: 'footer', key: 'legal', reason: 'invalid' },
    ])
  })

  it('does not fall back to the business block when the brand block is invalid', () => {
    // The brand meant to replace it: showing the business wording instead would be a surprise.
    const { blocks } = mergeContentBlocks([
      row(null, 'footer', 'legal', { text: 'Business' }),
      row(7, 'footer', 'legal', { text: '' }),
    ])
    expect(blocks.footer.legal).toBeUndefined()
  })
})

describe('siteContentOf', () => {
  it('renders Markdown to sanitised HTML and passes links through', () => {
    const content = siteContentOf({
      home: {},
      header: {
        announcement: {
          text: 'Free delivery over **£20** <script>alert(1)</script>',
          link: { label: 'Terms', href: '/terms' },
        },
      },
      footer: { legal: { text: '[Terms](javascript:alert(1)) apply' } },
    })
    expect(content.announcement?.html).toContain('<strong>£20</strong>')
    expect(content.announcement?.html).not.toContain('<script')
    expect(content.announcement?.link).toEqual({ label: 'Terms', href: '/terms' })
    expect(content.legalHtml).not.toContain('javascript:')
    expect(content.footerColumns).toBeNull()
  })
})
