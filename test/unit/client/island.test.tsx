import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { island, serializeIslandProps } from '../../../client/components/Island.tsx'
import { RenderContext } from '../../../client/components/render-context.ts'
import { brandThemeCss } from '../../../client/lib/theme.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'

function Greeting({ name, islandId }: { name: string; islandId?: string }) {
  return <p id={islandId}>Hello {name}</p>
}

describe('islands', () => {
  it('serialises props so no value can close the script element', () => {
    const json = serializeIslandProps({ name: '</script><script>alert(1)</script><!--' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--' })
  })

  it('renders the island inside its marker, its props beside it with the nonce', () => {
    const GreetingIsland = island('Greeting', Greeting, { hydrate: 'idle' })
    const html = renderToString(
      <RenderContext
        value={{
          nonce: 'abc123',
          nextIslandId: createIslandIds(),
          now: Date.now(),
          assets: {
            dev: false,
            loader: '/assets/entry.js',
            headerBasket: ['/assets/header-basket.js'],
          },
        }}
      >
        <GreetingIsland name="</script>" />
      </RenderContext>
    )
    expect(html).toContain(
      '<div data-island="Greeting" data-hydrate="idle"><p id="greeting-0">Hello <!-- -->&lt;/script&gt;</p></div>'
    )
    // Only the loader: the island's chunk and React load when it hydrates (ADR 032).
    expect(html).toContain('src="/assets/entry.js"')
    expect(html).not.toContain('modulepreload')
    expect(html).toContain(
      '<script type="application/json" data-island-props="Greeting" nonce="abc123">{"name":"\\u003c/script>","islandId":"greeting-0"}</script>'
    )
  })
})

describe('brandThemeCss', () => {
  it('turns brand colours into CSS variables', () => {
    const css = brandThemeCss({
      primary: '#0a6b35',
      primaryText: '#fff',
      secondary: 'rgb(240, 240, 240)',
      accent: '#b45309',
      background: '#ffffff',
      text: '#1f2937',
    })
    expect(css).toContain('--brand-primary:#0a6b35;')
    expect(css).toContain('--brand-secondary:rgb(240, 240, 240);')
  })

  it('replaces a value that could inject CSS or close the style element', () => {
    const css = brandThemeCss({
      primary: 'red;}</style><script>alert(1)</script>',
      primaryText: '#fff',
      secondary: '#eee',
      accent: 'url(https://evil.example)',
      background: '#fff',
      text: '#111',
    })
    expect(css).not.toContain('<')
    expect(css).not.toContain('url(')
    expect(css).toContain('--brand-primary:#0f5132;')
  })
})
