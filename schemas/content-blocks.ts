import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/**
 * Spec §7 "Home and header/footer content": the blocks of content_blocks (migration 0009), one zod
 * schema per key. The stored JSON is an operator's; a block that does not parse is left out (and
 * logged) so the page falls back to its default instead of failing.
 */

export const CONTENT_PLACEMENTS = ['home', 'header', 'footer'] as const
export type ContentPlacement = (typeof CONTENT_PLACEMENTS)[number]

/** A link a block may carry: a path of the site itself, or an https address. */
const BlockHrefSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?![/\\])[^\s\\]*|https:\/\/[^\s\\]+)$/)

export const BlockLinkSchema = z.object({
  label: z.string().trim().min(1).max(80),
  href: BlockHrefSchema,
})
export type BlockLink = z.infer<typeof BlockLinkSchema>

/** Home: the hero's title and subtitle (the store search stays beside them). */
export const HeroBlockSchema = z.object({
  title: z.string().trim().min(1).max(120),
  subtitle: z.string().trim().min(1).max(300),
  imageUrl: z.string().nullable().optional(),
})

/** Home: short selling points shown in the hero. */
export const UspsBlockSchema = z.object({
  items: z
    .array(z.object({ title: z.string().trim().min(1).max(60), text: z.string().max(200) }))
    .min(1)
    .max(6),
})

/** Home: the numbered steps of "How it works". */
export const HowItWorksBlockSchema = z.object({
  steps: z
    .array(z.object({ title: z.string().trim().min(1).max(80), text: z.string().max(300) }))
    .min(1)
    .max(6),
})

/** Header: the announcement bar above the header; text is Markdown (inline: bold, links). */
export const AnnouncementBlockSchema = z.object({
  text: z.string().trim().min(1).max(300),
  link: BlockLinkSchema.nullable().default(null),
})

/** Footer: the link columns before Stay In Touch. */
export const FooterColumnsBlockSchema = z.object({
  columns: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(60),
        links: z.array(BlockLinkSchema).min(1).max(10),
      })
    )
    .min(1)
    .max(4),
})

/** Footer: the Stay In Touch sign-up's heading and line. */
export const StayInTouchBlockSchema = z.object({
  title: z.string().trim().min(1).max(60),
  text: z.string().trim().min(1).max(300),
})

/** Footer: the legal line under the columns; Markdown. */
export const LegalBlockSchema = z.object({ text: z.string().trim().min(1).max(600) })

/** Every known block: placement, key and the schema of its content. */
export const CONTENT_BLOCK_SCHEMAS = {
  home: { hero: HeroBlockSchema, usps: UspsBlockSchema, 'how-it-works': HowItWorksBlockSchema },
  header: { announcement: AnnouncementBlockSchema },
  footer: {
    columns: FooterColumnsBlockSchema,
    'stay-in-touch': StayInTouchBlockSchema,
    legal: LegalBlockSchema,
  },
} as const

/** The parsed blocks of a brand; a block that is absent (or inactive, or invalid) is missing. */
export type ContentBlocks = z.infer<typeof ContentBlocksSchema>
export const ContentBlocksSchema = z.object({
  home: z.object({
    hero: HeroBlockSchema.optional(),
    usps: UspsBlockSchema.optional(),
    'how-it-works': HowItWorksBlockSchema.optional(),
  }),
  header: z.object({ announcement: AnnouncementBlockSchema.optional() }),
  footer: z.object({
    columns: FooterColumnsBlockSchema.optional(),
    'stay-in-touch': StayInTouchBlockSchema.optional(),
    legal: LegalBlockSchema.optional(),
  }),
})

export const ContentBlocksQuerySchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  placement: z.enum(CONTENT_PLACEMENTS).optional(),
})

export const ContentBlocksResponseSchema = z.object({ blocks: ContentBlocksSchema })

/** One stored row: null brandId is the business default a brand row of the same key overrides. */
export interface StoredContentBlock {
  brandId: number | null
  placement: string
  key: string
  contentJson: string
}

export type BlockProblem = { placement: string; key: string; reason: 'unknown' | 'invalid' }

/**
 * The blocks of a brand from its active rows: per placement and key the brand's row wins over the
 * business's; each content parsed by its key's schema. Unknown keys and invalid content are left
 * out and reported so the caller can log them.
 */
export function mergeContentBlocks(rows: ReadonlyArray<StoredContentBlock>): {
  blocks: ContentBlocks
  problems: Array<BlockProblem>
} {
  const chosen = new Map<string, StoredContentBlock>()
  for (const row of rows) {
    const id = `${row.placement}\u0000${row.key}`
    const current = chosen.get(id)
    if (!current || (current.brandId === null && row.brandId !== null)) chosen.set(id, row)
  }
  const blocks: ContentBlocks = { home: {}, header: {}, footer: {} }
  const problems: Array<BlockProblem> = []
  for (const row of chosen.values()) {
    const schemas: Record<string, z.ZodType> | undefined =
      CONTENT_BLOCK_SCHEMAS[row.placement as ContentPlacement]
    const schema = schemas?.[row.key]
    if (!schema) {
      problems.push({ placement: row.placement, key: row.key, reason: 'unknown' })
      continue
    }
    const parsed = schema.safeParse(parseJson(row.contentJson))
    if (!parsed.success) {
      problems.push({ placement: row.placement, key: row.key, reason: 'invalid' })
      continue
    }
    const target = blocks[row.placement as ContentPlacement] as Record<string, unknown>
    target[row.key] = parsed.data
  }
  return { blocks, problems }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
