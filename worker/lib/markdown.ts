import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { setBounded } from './bounded-map.ts'
import { unified } from 'unified'

// One processor per isolate: building it costs more than running it on a page of text.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // Raw HTML in the Markdown is dropped here (allowDangerousHtml is off), and the sanitiser then
  // keeps only GitHub's allow-list of elements, attributes and URL schemes: content is written by
  // operators, and an operator's mistake must not become a script on every shopper's page.
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze()

// The same text is rendered on every page (a brand's announcement and legal line): a pure
// function of its input, so this isolate keeps recent answers instead of parsing them again.
const MEMO_MAX_ENTRIES = 200
// Longer texts (whole content pages) are rare per page and would make the memo heavy.
const MEMO_MAX_CHARS = 4_000
const memo = new Map<string, string>()

/**
 * The one way content written in Markdown (legal pages, content blocks, SEO pages) becomes HTML:
 * GitHub-flavoured Markdown, sanitised, safe to put in a page with dangerouslySetInnerHTML.
 *
 * @example renderMarkdown('## Delivery\n\nWe deliver **7 days** a week.')
 */
export function renderMarkdown(markdown: string): string {
  const remembered = memo.get(markdown)
  if (remembered !== undefined) return remembered
  const html = String(processor.processSync(markdown))
  if (markdown.length <= MEMO_MAX_CHARS) setBounded(memo, markdown, html, MEMO_MAX_ENTRIES)
  return html
}
