import type { Brand } from '../../../../../schemas/brand.ts'
import { brandThemeCss } from '../../../../../client/lib/theme.ts'
import { Header } from '../../../../../client/components/Header.tsx'
import { useMoney } from '../../../../../client/lib/shop-locale.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

/** The element the preview's colours and font apply to (set by a nonce'd style, as on the shop). */
export const PREVIEW_CLASS = 'brand-preview'

// Prices in minor units, shown in the business's currency ('£2.95', '€ 2,95'); `dealFor` is a
// '2 for' badge's price.
const SAMPLE_ITEMS = [
  { name: 'Sourdough loaf', size: '800g', price: 295, badge: 'New' },
  { name: 'Free range eggs', size: '6 pack', price: 210, badge: null },
  { name: 'Semi-skimmed milk', size: '2 pints', price: 145, badge: null, dealFor: 250 },
  { name: 'Vine tomatoes', size: '500g', price: 180, badge: null },
] as const

/**
 * /store/operator/brands/<id>/preview: a sample of the shop in the brand's logo, colours and font,
 * inside the console: the shop's real header, then a hero, product cards, buttons, a banner and
 * a footer drawn with the same tokens the shop's pages use. Only pairs the contrast check
 * guarantees carry text (text on background, primary text on primary); the accent marks edges.
 */
export function BrandPreviewPage({
  frame,
  brand,
  nonce,
  editHref,
}: {
  frame: OperatorFrame
  brand: Brand
  nonce: string
  editHref: string
}) {
  const home = brand.settings.home
  const money = useMoney()
  return (
    <OperatorLayout
      frame={frame}
      title={`Preview of ${brand.name}`}
      intro="How the shop looks in this brand. Links in the sample do not lead anywhere."
      actions={
        <a
          href={editHref}
          className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
        >
          Back to the brand
        </a>
      }
    >
      <style
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: brandThemeCss(brand.colors, brand.font, `.${PREVIEW_CLASS}`),
        }}
      />
      <div
        data-preview=""
        className={`${PREVIEW_CLASS} overflow-hidden rounded-2xl border-2 border-black/10 bg-surface font-sans text-ink`}
      >
        <div inert>
          <Header brand={brand} signedIn={false} currentPath="/" />
        </div>
        <div className="bg-tint px-4 py-10 text-center sm:py-14">
          <p className="text-3xl font-extrabold tracking-tight sm:text-4xl">{home.heroTitle}</p>
          <p className="mx-auto mt-2 max-w-xl text-lg text-ink/80">
            {brand.tagline ?? home.heroSubtitle}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <span className="inline-flex min-h-12 items-center rounded-xl bg-primary px-6 font-bold text-on-primary">
              Find a store
            </span>
            <span className="inline-flex min-h-12 items-center rounded-xl border-2 border-primary bg-white px-6 font-bold text-primary">
              Browse offers
            </span>
          </div>
        </div>
        <div className="px-4 py-8 sm:px-6">
          <div className="rounded-2xl border-s-8 border-accent bg-primary p-5 text-on-primary sm:flex sm:items-center sm:justify-between">
            <p className="text-xl font-bold">Meal deal: main, side and drink for {money(350)}</p>
            <span className="mt-3 inline-flex min-h-11 items-center rounded-xl border-2 border-on-primary px-4 font-bold sm:mt-0">
              See the deal
            </span>
          </div>
          <ul aria-label="Sample products" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {SAMPLE_ITEMS.map((item) => (
              <li
                key={item.name}
                className="flex flex-col rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/10"
              >
                <div aria-hidden="true" className="aspect-square w-full rounded-xl bg-secondary" />
                {item.badge !== null || 'dealFor' in item ? (
                  <span className="mt-2 self-start rounded-full bg-surface px-2 py-0.5 text-sm font-bold text-ink ring-2 ring-accent">
                    {'dealFor' in item ? `2 for ${money(item.dealFor)}` : item.badge}
                  </span>
                ) : null}
                <p className="mt-2 font-semibold">{item.name}</p>
                <p className="text-sm text-ink/70">{item.size}</p>
                <p className="mt-auto pt-2 text-lg font-extrabold">{money(item.price)}</p>
                <span className="mt-2 inline-flex min-h-11 items-center justify-center rounded-xl bg-primary font-bold text-on-primary">
                  Add
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="border-t border-black/10 bg-secondary/20 px-4 py-6 text-sm sm:px-6">
          <p className="font-bold">{brand.name}</p>
          <p className="text-ink/80">About us · Delivery · Contact · Privacy</p>
        </div>
      </div>
    </OperatorLayout>
  )
}
