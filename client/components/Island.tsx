import { type ComponentType, useContext } from 'react'
import { preinitModule } from 'react-dom'
import type { CountNoun } from '../../schemas/count-nouns.ts'
import { PageTextsContext, recordingTexts } from '../lib/page-text.ts'
import { useRenderContext } from './render-context.ts'

/** What every island receives besides its own props: a page-unique id for its element ids. */
export interface IslandProps {
  islandId?: string
}

/** When an island's code loads: as soon as possible, when the browser is idle, or when it is seen. */
export type HydrationStrategy = 'load' | 'idle' | 'visible'

/**
 * Serialises island props for a `<script type="application/json">`: escaping `<` means no value can
 * close the script element or open a comment.
 */
export function serializeIslandProps(props: unknown): string {
  return JSON.stringify(props ?? {})
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Marks a component as an island: rendered on the server like any component, then hydrated in the
 * browser by client/entry.tsx. `name` is the file in client/islands/ that exports a component of the
 * same name; props must be JSON-serialisable because they travel in the page.
 *
 * @example export const PostcodeSearchIsland = island('PostcodeSearch', PostcodeSearch)
 */
export function island<Props extends IslandProps>(
  name: string,
  Component: ComponentType<Props>,
  options: {
    hydrate?: HydrationStrategy
    className?: string
    /**
     * Messages (their English, `MESSAGES.x`) the island may show after it hydrates without
     * having rendered them on the server: a status after a press, a refusal. Their translations
     * travel with it.
     */
    texts?: ReadonlyArray<string>
    /** Counted nouns (schemas/count-nouns.ts) it may say only after it hydrates. */
    counts?: ReadonlyArray<CountNoun>
  } = {}
): ComponentType<Omit<Props, 'islandId'>> {
  function IslandRoot(ownProps: Omit<Props, 'islandId'>) {
    const { nonce, assets, nextIslandId } = useRenderContext()
    const props = { ...ownProps, islandId: nextIslandId(name) } as Props
    // Every translation the island's render hands out is kept and written after its props, so
    // the browser hydrates it with the same words (an English render keeps none, writes nothing).
    const recording = recordingTexts(useContext(PageTextsContext), options.texts, options.counts)
    // React hoists the loader into <head>, once however many islands share it. The islands' own
    // chunks and React are not preloaded: the loader fetches them when an island hydrates, so
    // they never compete with the page's first paint (ADR 032).
    preinitModule(assets.loader, { as: 'script', nonce })
    return (
      <>
        <div
          data-island={name}
          data-hydrate={options.hydrate ?? 'visible'}
          className={options.className}
        >
          <PageTextsContext value={recording.texts}>
            <Component {...props} />
          </PageTextsContext>
        </div>
        <script
          type="application/json"
          data-island-props={name}
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }}
        />
        <IslandTexts used={recording.used} nonce={nonce} />
      </>
    )
  }
  IslandRoot.displayName = `Island(${name})`
  return IslandRoot
}

/**
 * The translations an island's render used, read when React reaches it: after the island's own
 * subtree, which the server renders first (siblings render in order). Nothing for an English page.
 */
function IslandTexts({ used, nonce }: { used: Record<string, string>; nonce: string }) {
  if (Object.keys(used).length === 0) return null
  return (
    <script
      type="application/json"
      data-island-texts=""
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: serializeIslandProps(used) }}
    />
  )
}
