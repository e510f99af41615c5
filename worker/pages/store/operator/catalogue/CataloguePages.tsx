import type {
  CatalogueImportReport,
  CatalogueKind,
  StoreItemRow,
} from '../../../../../schemas/operator-catalogue.ts'
import type { ImageSet } from '../../../../../schemas/catalogue.ts'
import { ItemImage } from '../../../../../client/components/catalogue/ItemImage.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { useMoney, useCurrencySymbol } from '../../../../../client/lib/shop-locale.ts'
import {
  CATALOGUE_APPLY_FIELDS,
  CATALOGUE_CHECK_FIELDS,
  CATALOGUE_FILE_FIELD,
} from './import-form.ts'
import { QUICK_EDIT_FIELDS, quickEditRowFields } from './quick-edit-form.ts'

/** What each kind of file holds, for the page's labels. */
export const KIND_LABELS: Record<CatalogueKind, string> = {
  categories: 'Categories',
  items: 'Items',
  options: 'Item options',
  'store-items': 'Store prices and stock',
}

const KINDS = Object.keys(KIND_LABELS) as Array<CatalogueKind>
const button =
  'inline-flex h-12 items-center rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90'
const link = 'font-semibold text-primary underline'

/** /store/operator/catalogue: export, the import form, and each store's quick edit. */
export function CatalogueHomePage({
  frame,
  exportHref,
  importAction,
  historyHref,
  counts,
  stores,
  error,
}: {
  frame: OperatorFrame
  exportHref: (kind: CatalogueKind) => string
  importAction: string
  /** The audit log of imports. */
  historyHref: string
  counts: { categories: number; items: number }
  stores: ReadonlyArray<{ name: string; href: string }>
  error: string | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Catalogue"
      intro="Import and export the catalogue as CSV files (one per kind, keyed by slugs), and edit each store’s prices and stock."
    >
      <p className="mb-6">
        {counts.categories} categories, {counts.items} items.{' '}
        <a className={link} href={historyHref}>
          Past imports
        </a>
      </p>
      <section aria-labelledby="export-title" className="mb-8">
        <h2 id="export-title" className="text-xl font-bold">
          Export
        </h2>
        <p className="mt-1">An export imports back unchanged: use it as your template.</p>
        <ul className="mt-3 flex flex-wrap gap-3">
          {KINDS.map((kind) => (
            <li key={kind}>
              <a className={link} href={exportHref(kind)} download={`${kind}.csv`}>
                {KIND_LABELS[kind]} (CSV)
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="import-title" className="mb-8">
        <h2 id="import-title" className="text-xl font-bold">
          Import
        </h2>
        <p className="mt-1">
          Checking a file changes nothing: you see every problem by row and column, and what would
          change, before you apply it.
        </p>
        {error ? (
          <p
            id="import-error"
            role="alert"
            tabIndex={-1}
            autoFocus
            className="mt-3 font-semibold text-error"
          >
            {error}
          </p>
        ) : null}
        <form
          method="post"
          action={importAction}
          encType="multipart/form-data"
          className="mt-3 grid max-w-lg gap-3"
        >
          <fieldset>
            <legend className="font-semibold">Kind of file</legend>
            {KINDS.map((kind, index) => (
              <label key={kind} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name={CATALOGUE_CHECK_FIELDS.kind}
                  value={kind}
                  defaultChecked={index === 1}
                />
                {KIND_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <label className="font-semibold" htmlFor="import-file">
            CSV file
          </label>
          <input
            id="import-file"
            name={CATALOGUE_FILE_FIELD}
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={error ? 'import-error' : undefined}
          />
          <button type="submit" className={button}>
            Check the file
          </button>
        </form>
      </section>
      <section aria-labelledby="stores-title">
        <h2 id="stores-title" className="text-xl font-bold">
          Prices and stock by store
        </h2>
        <ul className="mt-3 grid gap-2">
          {stores.map((store) => (
            <li key={store.href}>
              <a className={link} href={store.href}>
                {store.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </OperatorLayout>
  )
}

/** The dry run's report: counts, every error by row and column, and the apply form when clean. */
export function ImportReportPage({
  frame,
  report,
  csv,
  applyAction,
  backHref,
  message,
}: {
  frame: OperatorFrame
  report: CatalogueImportReport
  csv: string
  applyAction: string
  backHref: string
  message: string | null
}) {
  const clean = report.errors.length === 0
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const rows = count(report.rows, 'row', 'rows')
  return (
    <OperatorLayout frame={frame} title={`Import check: ${KIND_LABELS[report.kind]}`}>
      <p role="status" tabIndex={-1} autoFocus className="text-lg font-semibold">
        {clean
          ? `No problems in ${rows}. Nothing has changed yet.`
          : `${count(report.errors.length, 'problem', 'problems')} in ${rows}: nothing can be imported until they are fixed.`}
      </p>
      {message ? (
        <p role="alert" className="mt-2 font-semibold text-error">
          {message}
        </p>
      ) : null}
      <dl className="mt-4 flex flex-wrap gap-6">
        {(
          [
            ['Would be created', report.created],
            ['Would be updated', report.updated],
            ['Unchanged', report.unchanged],
            ...(report.kind === 'options' ? [['Would be removed', report.removed] as const] : []),
          ] as const
        ).map(([label, count]) => (
          <div key={label}>
            <dt className="text-ink/80">{label}</dt>
            <dd className="text-2xl font-extrabold">{count}</dd>
          </div>
        ))}
      </dl>
      {clean ? (
        <form method="post" action={applyAction} className="mt-6 max-w-md">
          <input type="hidden" name={CATALOGUE_APPLY_FIELDS.kind} value={report.kind} />
          <input type="hidden" name={CATALOGUE_APPLY_FIELDS.version} value={report.version} />
          <input type="hidden" name={CATALOGUE_APPLY_FIELDS.csv} value={csv} />
          <button type="submit" className={button}>
            Apply the import
          </button>
        </form>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full border-collapse text-start">
            <caption className="sr-only">Problems by row and column</caption>
            <thead>
              <tr className="border-b-2 border-black/10">
                <th scope="col" className="p-2">
                  Row
                </th>
                <th scope="col" className="p-2">
                  Column
                </th>
                <th scope="col" className="p-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error, index) => (
                <tr key={index} className="border-b border-black/10">
                  <td className="p-2">{error.row}</td>
                  <td className="p-2 font-mono">{error.column}</td>
                  <td className="p-2">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-6">
        <a className={link} href={backHref}>
          Check another file
        </a>
      </p>
    </OperatorLayout>
  )
}

const money = (pence: number | null): string => (pence === null ? '' : (pence / 100).toFixed(2))

/** A store's items with its own prices and stock: edit a few rows, save them together. */
export function QuickEditPage({
  frame,
  storeName,
  items,
  itemHref,
  q,
  action,
  searchAction,
  previousHref,
  nextHref,
  historyHref,
  errors,
}: {
  frame: OperatorFrame
  storeName: string
  items: ReadonlyArray<StoreItemRow>
  itemHref: (itemId: number) => string
  q: string
  action: string
  searchAction: string
  previousHref: string | null
  nextHref: string | null
  /** The audit log of this store's changes. */
  historyHref: string
  errors: Readonly<Record<string, string>>
}) {
  const currency = useCurrencySymbol()
  const formatMoney = useMoney()
  const firstError = Object.values(errors)[0]
  return (
    <OperatorLayout
      frame={frame}
      title={`Prices and stock: ${storeName}`}
      intro="Leave a price empty to charge the item’s own price at this store."
    >
      <form method="get" action={searchAction} role="search" className="mb-4 flex gap-2">
        <label htmlFor="q" className="sr-only">
          Search items by name
        </label>
        <input
          id="q"
          name="q"
          defaultValue={q}
          className="h-12 rounded-xl border-2 border-black/20 px-3"
        />
        <button type="submit" className={button}>
          Search
        </button>
      </form>
      {firstError ? (
        <p role="alert" tabIndex={-1} autoFocus className="mb-3 font-semibold text-error">
          {firstError}
        </p>
      ) : null}
      <form method="post" action={action}>
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse text-start">
            <caption className="sr-only">Items of {storeName}</caption>
            <thead>
              <tr className="border-b-2 border-black/10">
                <th scope="col" className="p-2">
                  Item
                </th>
                <th scope="col" className="p-2">
                  Price ({currency})
                </th>
                <th scope="col" className="p-2">
                  Was price ({currency})
                </th>
                <th scope="col" className="p-2">
                  Out of stock
                </th>
                <th scope="col" className="p-2">
                  Sold here
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const id = item.itemId
                const names = quickEditRowFields(id)
                const error = errors[names.error]
                return (
                  <tr key={id} className="border-b border-black/10">
                    <th scope="row" className="min-w-40 p-2 font-semibold">
                      <input type="hidden" name={QUICK_EDIT_FIELDS.itemId} value={id} />
                      <a className={link} href={itemHref(id)}>
                        {item.name}
                        {item.size ? ` ${item.size}` : ''}
                      </a>
                      <span className="block text-sm font-normal text-ink/80">
                        Own price {formatMoney(item.itemPrice)}
                      </span>
                      {error ? (
                        <span id={`${names.error}-error`} className="block text-sm text-error">
                          {error}
                        </span>
                      ) : null}
                    </th>
                    <td className="p-2">
                      <input
                        aria-label={`Price of ${item.name}`}
                        name={names.price}
                        inputMode="decimal"
                        defaultValue={money(item.price)}
                        className="h-10 w-24 rounded-lg border-2 border-black/20 px-2"
                      />
                    </td>
                    <td className="p-2">
                      <input
                        aria-label={`Was price of ${item.name}`}
                        name={names.wasPrice}
                        inputMode="decimal"
                        defaultValue={money(item.wasPrice)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${names.error}-error` : undefined}
                        className="h-10 w-24 rounded-lg border-2 border-black/20 px-2"
                      />
                    </td>
                    <td className="p-2">
                      <input
                        type="checkbox"
                        aria-label={`${item.name} is out of stock`}
                        name={names.outOfStock}
                        defaultChecked={item.outOfStock}
                        className="h-6 w-6"
                      />
                    </td>
                    <td className="p-2">
                      <input
                        type="checkbox"
                        aria-label={`${item.name} is sold here`}
                        name={names.available}
                        defaultChecked={item.available}
                        className="h-6 w-6"
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <button type="submit" className={`${button} mt-4`}>
          Save these items
        </button>
      </form>
      <nav aria-label="Pages" className="mt-4 flex gap-4">
        {previousHref ? (
          <a className={link} href={previousHref}>
            Previous page
          </a>
        ) : null}
        <a className={link} href={historyHref}>
          History of changes
        </a>
        {nextHref ? (
          <a className={link} href={nextHref}>
            Next page
          </a>
        ) : null}
      </nav>
    </OperatorLayout>
  )
}

/** An item's picture: what the shop shows now, and the upload form. */
export function ItemPicturePage({
  frame,
  item,
  action,
  backHref,
  historyHref,
  error,
}: {
  frame: OperatorFrame
  item: ImageSet & { name: string }
  /** The audit log of this item. */
  historyHref: string
  action: string
  backHref: string
  error: string | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title={`Picture: ${item.name}`}
      intro="JPEG, PNG, WebP or GIF, at most 5 MB. It is resized for phones and sharp screens (160, 320 and 480 pixels wide)."
    >
      <ItemImage
        images={item}
        alt={item.name}
        className="rounded-xl border-2 border-black/10"
        eager
      />
      {error ? (
        <p
          id="picture-error"
          role="alert"
          tabIndex={-1}
          autoFocus
          className="mt-4 font-semibold text-error"
        >
          {error}
        </p>
      ) : null}
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="mt-4 grid max-w-md gap-3"
      >
        <label htmlFor="picture-file" className="font-semibold">
          New picture
        </label>
        <input
          id="picture-file"
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'picture-error' : undefined}
        />
        <button type="submit" className={button}>
          Upload the picture
        </button>
      </form>
      <p className="mt-6">
        <a className={link} href={backHref}>
          Back to the catalogue
        </a>{' '}
        ·{' '}
        <a className={link} href={historyHref}>
          History of changes
        </a>
      </p>
    </OperatorLayout>
  )
}
