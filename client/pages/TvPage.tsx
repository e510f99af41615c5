import type { Brand } from '../../schemas/brand.ts'
import type { StoreDirectoryEntry } from '../../schemas/stores.ts'
import { useRenderContext } from '../components/render-context.ts'
import { tvRotationCss, type TvSlide } from '../lib/tv-slides.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface TvPageProps {
  brand: Brand
  storeName: string
  slides: Array<TvSlide>
  /** Where shoppers can order, as shown on screen (the brand's host). */
  shopHost: string
}

/**
 * The in-store display (`/tv?store=`): one slide at a time, full screen, large enough to read at
 * three metres; rotated by CSS alone and reloaded by meta refresh (docs/decisions/023).
 */
export function TvPage({ brand, storeName, slides, shopHost }: TvPageProps) {
  const { nonce } = useRenderContext()
  const text = useText()
  return (
    <main className="flex h-dvh w-full flex-col overflow-hidden bg-primary text-on-primary">
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: tvRotationCss(slides.length) }} />
      <header className="flex items-center justify-between gap-[2vw] px-[3vw] py-[1.5vw]">
        {/* The logo is the brand's mark with its name. */}
        <img
          src={brand.logo.url}
          alt={brand.name}
          className="h-[4vw] w-auto rounded-lg bg-white p-1"
        />
        <h1 className="text-[2vw] font-semibold opacity-95">{storeName}</h1>
      </header>
      <ul
        className="tv-slides relative min-h-0 flex-1 px-[3vw]"
        aria-label={text(MESSAGES.pageOffersInStore)}
      >
        {slides.length === 0 ? (
          <li className="tv-slide absolute inset-0 flex items-center px-[3vw]">
            <p className="text-[5vw] leading-tight font-extrabold">
              {text(MESSAGES.pageNewOffersOnTheirWay, shopHost)}
            </p>
          </li>
        ) : (
          slides.map((slide, index) => <Slide key={slide.id} slide={slide} index={index} />)
        )}
      </ul>
      <footer className="bg-black/25 px-[3vw] py-[1.2vw] text-[1.8vw] font-semibold">
        {text(MESSAGES.pageOrderOnlineAt, shopHost)}
      </footer>
    </main>
  )
}

function Slide({ slide, index }: { slide: TvSlide; index: number }) {
  const text = useText()
  return (
    <li
      data-tv-slide={slide.kind}
      className={`tv-slide tv-slide-${index} @container absolute inset-x-[3vw] inset-y-0 grid ${slide.imageUrl ? 'grid-cols-[1.2fr_1fr]' : 'grid-cols-1'} items-center gap-[4cqw] rounded-[2cqw] bg-white p-[4cqw] text-ink`}
    >
      <div>
        {slide.kind === 'deal' ? (
          <>
            <p className="text-[3cqw] font-bold tracking-wide text-primary uppercase">
              {text(MESSAGES.pageDealLabel)}
            </p>
            <h2 className="mt-[1cqw] text-[5cqw] leading-tight font-extrabold">{slide.title}</h2>
            <p className="mt-[2cqw] inline-block rounded-[1.5cqw] bg-primary px-[2cqw] py-[1cqw] text-[5cqw] leading-none font-black text-on-primary">
              {slide.terms}
            </p>
            {slide.description ? (
              <p className="mt-[2cqw] text-[2.6cqw] text-ink/80">{slide.description}</p>
            ) : null}
          </>
        ) : (
          <>
            <h2 className="text-[5.5cqw] leading-tight font-extrabold">{slide.title}</h2>
            {slide.subtitle ? (
              <p className="mt-[2cqw] text-[3cqw] text-ink/80">{slide.subtitle}</p>
            ) : null}
          </>
        )}
      </div>
      {slide.imageUrl ? (
        <img
          src={slide.imageUrl}
          alt=""
          className="max-h-[60cqw] w-full rounded-[1.5cqw] object-contain"
        />
      ) : null}
    </li>
  )
}

/** `/tv` without a store: the stores to pick one from, for whoever sets the screen up. */
export function TvStorePickerPage({
  brand,
  stores,
}: {
  brand: Brand
  stores: ReadonlyArray<StoreDirectoryEntry>
}) {
  const text = useText()
  return (
    <main className="mx-auto w-full max-w-4xl px-6 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight">
        {text(MESSAGES.pageInStoreDisplay, brand.name)}
      </h1>
      <p className="mt-3 text-xl text-ink/80">{text(MESSAGES.pageChooseTvStore)}</p>
      {stores.length === 0 ? (
        <p className="mt-8 text-xl">{text(MESSAGES.pageNoStoresYet)}</p>
      ) : (
        <ul className="mt-8 grid gap-3 sm:grid-cols-2">
          {stores.map((store) => (
            <li key={store.id}>
              <a
                href={`${routePath('tv')}?store=${encodeURIComponent(store.slug)}`}
                className="flex min-h-16 flex-col justify-center rounded-2xl border-2 border-black/10 bg-white px-5 py-3 text-xl font-bold hover:border-primary"
              >
                {store.name}
                <span className="text-base font-normal text-ink/75">{store.address.town}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
