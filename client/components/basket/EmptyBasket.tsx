import { BasketIcon } from '../icons.tsx'
import { routePath } from '../../lib/routes.ts'
import { useText } from '../../lib/page-text.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

/** The empty basket: back to its store when it has one, else to the store search. */
export function EmptyBasket({ store }: { store: { slug: string; name: string } | null }) {
  const text = useText()
  return (
    <section
      aria-labelledby="empty-basket-title"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-black/10"
    >
      <BasketIcon className="size-12 text-primary" />
      <h2 id="empty-basket-title" className="text-xl font-bold">
        {text(MESSAGES.pageBasketEmptyTitle)}
      </h2>
      <p className="text-ink/80">{text(MESSAGES.pageBasketEmptyHint)}</p>
      <a
        href={
          store
            ? routePath('stores-storeSlug', { storeSlug: store.slug })
            : `${routePath('index')}#store-search`
        }
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-full bg-primary px-6 py-2 text-center font-semibold text-on-primary hover:brightness-90"
      >
        {store ? text(MESSAGES.pageShopAt, store.name) : text(MESSAGES.pageFindAStore)}
      </a>
    </section>
  )
}
