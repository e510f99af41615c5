import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Pagination } from '../../../client/components/catalogue/Pagination.tsx'

const href = (page: number) => (page === 1 ? '/list' : `/list?page=${page}`)

/** What a shopper reads in the page links, and where Previous and Next go. */
function shown(html: string) {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const links = [...html.matchAll(/href="([^"]+)" rel="(prev|next)"/g)].map(
    (m) => `${m[2]} ${m[1]}`
  )
  return { text, links }
}

describe('Pagination (one component for counted and open-ended listings)', () => {
  it('says which page of how many on a counted result', () => {
    const html = renderToString(
      <Pagination paging={{ page: 2, limit: 10, total: 25, href }} label="Fruit pages" />
    )
    expect(shown(html)).toEqual({
      text: 'Previous Page 2 of 3 Next',
      links: ['prev /list', 'next /list?page=3'],
    })
  })

  it('says only the page on a listing that knows just whether more follow (ADR 031)', () => {
    const middle = renderToString(
      <Pagination paging={{ page: 2, hasMore: true, href }} label="Favourites pages" />
    )
    expect(shown(middle)).toEqual({
      text: 'Previous Page 2 Next',
      links: ['prev /list', 'next /list?page=3'],
    })
    const last = renderToString(
      <Pagination paging={{ page: 3, hasMore: false, href }} label="Favourites pages" />
    )
    expect(shown(last)).toEqual({ text: 'Previous Page 3', links: ['prev /list?page=2'] })
  })

  it('shows nothing when everything fits one page', () => {
    expect(
      renderToString(<Pagination paging={{ page: 1, limit: 10, total: 10, href }} label="x" />)
    ).toBe('')
    expect(
      renderToString(<Pagination paging={{ page: 1, hasMore: false, href }} label="x" />)
    ).toBe('')
  })
})
