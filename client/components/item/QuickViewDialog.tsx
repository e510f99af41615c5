import * as Dialog from '@radix-ui/react-dialog'
import useSWR from 'swr'
import type { MenuItem, MenuItemSummary } from '../../../schemas/catalogue.ts'
import { ItemOptions } from '../../islands/ItemOptions.tsx'
import { CATALOGUE_API } from '../../lib/api-paths.ts'
import { fetchMenuItem } from '../../lib/item-options-ui.ts'
import { itemHref } from '../../lib/catalogue-links.ts'
import { CloseIcon } from '../icons.tsx'
import { ItemFacts } from './ItemFacts.tsx'
import { ItemPicture, ItemPriceLines } from './ItemHeader.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

function QuickViewBody({
  storeId,
  storeSlug,
  summary,
  idBase,
}: {
  storeId: number
  storeSlug: string
  summary: MenuItemSummary
  idBase: string
}) {
  const { data, error, isLoading } = useSWR<MenuItem, Error>(
    [CATALOGUE_API.menuItem, storeId, summary.id],
    () => fetchMenuItem(storeId, summary.id),
    { revalidateOnFocus: false }
  )
  const item = data ?? summary
  const text = useText()
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ItemPicture item={item} place="quick-view" />
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <Dialog.Title className="pe-10 text-xl font-extrabold">{item.name}</Dialog.Title>
          <Dialog.Description className="text-sm text-ink/75">
            {[item.size, item.category.name].filter(Boolean).join(' · ')}
          </Dialog.Description>
          <ItemPriceLines item={item} place="quick-view" className="mt-2" />
        </div>
        {data ? (
          <>
            <ItemFacts
              description={data.description}
              ingredients={data.ingredients}
              food={data.food}
              idBase={`${idBase}-facts`}
            />
            <ItemOptions storeId={storeId} item={data} islandId={`${idBase}-options`} />
          </>
        ) : (
          <p role="status" className="text-sm font-semibold">
            {isLoading ? text(MESSAGES.pageLoading) : null}
            {error ? <span className="text-red-700">{error.message}</span> : null}
          </p>
        )}
        <a
          href={itemHref(storeSlug, summary)}
          className="text-sm font-semibold text-primary underline"
        >
          {text(MESSAGES.pageSeeFullDetails)}
          <span className="sr-only"> {text(MESSAGES.pageOfItem, summary.name)}</span>
        </a>
      </div>
    </div>
  )
}

export interface QuickViewDialogProps {
  storeId: number
  storeSlug: string
  item: MenuItemSummary
  idBase: string
  onClose: () => void
  /** Where focus goes back to when the dialog closes: the button that opened it. */
  opener: HTMLElement | null
}

/**
 * The quick view dialog (Radix Dialog): loaded on demand by the QuickView island so a page of
 * cards carries only the buttons' code until a shopper opens one.
 */
export function QuickViewDialog({
  storeId,
  storeSlug,
  item,
  idBase,
  onClose,
  opener,
}: QuickViewDialogProps) {
  const text = useText()
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            opener?.focus()
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(56rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6"
        >
          <QuickViewBody storeId={storeId} storeSlug={storeSlug} summary={item} idBase={idBase} />
          <Dialog.Close asChild>
            <button
              type="button"
              className="absolute top-3 end-3 inline-flex size-11 items-center justify-center rounded-full hover:bg-tint"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">{text(MESSAGES.pageClose)}</span>
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
