import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../worker/lib/markdown.ts'

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, links and tables', () => {
    const html = renderMarkdown(
      '## Delivery\n\nWe deliver **7 days** a week.\n\n- Fresh\n- Frozen\n\n' +
        '[Contact us](/contact)\n\n| Day | Hours |\n|---|---|\n| Mon | 8–22 |\n'
    )
    expect(html).toContain('<h2>Delivery</h2>')
    expect(html).toContain('<strong>7 days</strong>')
    expect(html).toContain('<li>Fresh</li>')
    expect(html).toContain('<a href="/contact">Contact us</a>')
    expect(html).toContain('<td>Mon</td>')
  })

  it('drops raw HTML, scripts and event handlers', () => {
    const html = renderMarkdown(
      'Hello <script>alert(1)</script><img src="x" onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>'
    )
    expect(html).not.toMatch(/<script|<img|onerror|<iframe/)
    expect(html).toContain('Hello')
  })

  it('refuses javascript: links but keeps their text', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) and [data](data:text/html,hi)')
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('data:text')
    expect(html).toContain('click')
  })

  it('answers a text it rendered before the same, and still renders new texts past the memo', () => {
    const first = renderMarkdown('Free delivery over **£40**')
    expect(renderMarkdown('Free delivery over **£40**')).toBe(first)
    // More distinct texts than the memo keeps: each is still rendered from its own input.
    for (let index = 0; index < 250; index += 1) {
      expect(renderMarkdown(`Line *${index}*`)).toBe(`<p>Line <em>${index}</em></p>`)
    }
    expect(renderMarkdown('Free delivery over **£40**')).toBe(first)
    expect(renderMarkdown('<script>alert(1)</script>ok')).not.toContain('<script')
  })
})
