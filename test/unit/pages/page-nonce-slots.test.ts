import { describe, expect, it } from 'vitest'
import {
  formatSlots,
  markNonces,
  nonceSlots,
  parseSlots,
  withNonceAt,
} from '../../../worker/lib/page-nonce-slots.ts'

/*
 * A page-cache hit puts its nonce into the kept page by copying bytes at recorded offsets, not by
 * parsing the page again (ADR 042): the answer is the same page a full rewrite would give.
 */

const PAGE = [
  '<!doctype html><html><head><meta charset="utf-8">',
  '<style nonce="render-nonce">body{margin:0}</style>',
  '<script type="module" nonce="render-nonce" src="/app.js"></script></head>',
  '<body><p>Fresh £2.50 · the text nonce="" is not an attribute</p>',
  '<script nonce="render-nonce">window.x=1</script></body></html>',
].join('')

async function kept(html: string) {
  const marked = markNonces(new Response(html, { headers: { 'content-type': 'text/html' } }))
  return nonceSlots(new Uint8Array(await marked.arrayBuffer()))
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('the nonce slots of a kept page', () => {
  it('keeps no nonce and records where each one goes', async () => {
    const { body, slots } = await kept(PAGE)
    expect(slots).toHaveLength(3)
    expect(text(body)).toBe(PAGE.replaceAll('nonce="render-nonce"', 'nonce=""'))
  })

  it("serves each hit the page with that request's nonce in every attribute", async () => {
    const { body, slots } = await kept(PAGE)
    const served = text(withNonceAt(body, parseSlots(formatSlots(slots)) ?? [], 'hit+nonce/1=='))
    expect(served).toBe(PAGE.replaceAll('nonce="render-nonce"', 'nonce="hit+nonce/1=="'))
    expect(served).toContain('the text nonce="" is not an attribute')
  })

  it('reads no slots from a header that is not a list of offsets', () => {
    expect(parseSlots(null)).toBeNull()
    expect(parseSlots('12,x')).toBeNull()
    expect(parseSlots('')).toEqual([])
  })
})
