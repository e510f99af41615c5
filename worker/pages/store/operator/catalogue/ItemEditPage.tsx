import { ALLERGEN_LABELS, ALLERGENS } from '../../../../../schemas/food-information.ts'
import type { ItemEditCells, ItemEditColumn } from '../../../../../schemas/operator-catalogue.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import { VAT_CLASSES, type VatClass } from '../../../../../schemas/vat.ts'
import { ErrorSummary } from '../../../../../client/components/forms/Form.tsx'
import { useCurrencySymbol } from '../../../../../client/lib/shop-locale.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

const button =
  'inline-flex h-12 items-center rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90'
const link = 'font-semibold text-primary underline'
const input = 'h-12 w-full rounded-xl border-2 border-black/20 px-3'

/** Each field's label; the fields are the items file's columns (its errors name them). */
const LABELS: Readonly<Record<ItemEditColumn, string>> = {
  name: 'Name',
  category: 'Category',
  price: 'Price',
  was_price: 'Was price',
  size: 'Size',
  description: 'Description',
  ingredients: 'Ingredients',
  contains: 'Contains',
  may_contain: 'May contain',
  storage: 'Storage and use',
  origin: 'Country of origin',
  net_quantity: 'Net quantity',
  out_of_stock: 'Out of stock everywhere',
  vat_class: MESSAGES.vatClassLabel,
}

const PRICED: ReadonlySet<ItemEditColumn> = new Set(['price', 'was_price'])

/** A field's label, a price's with the shop's currency: 'Price (£)', 'Price (€)'. */
function Label({ column }: { column: ItemEditColumn }) {
  const currency = useCurrencySymbol()
  return <>{PRICED.has(column) ? `${LABELS[column]} (${currency})` : LABELS[column]}</>
}

/** The classes as the console names them (ADR 051): the rate is the country's. */
const VAT_CLASS_LABELS: Readonly<Record<VatClass, string>> = {
  zero: 'Zero rate (most food)',
  reduced: 'Reduced rate',
  standard: 'Standard rate',
}

type Errors = Readonly<Partial<Record<string, string>>>

/** A field's id: the error summary links each error to it. */
const fieldId = (column: ItemEditColumn) => `item-${column}`

function FieldError({ column, errors }: { column: ItemEditColumn; errors: Errors }) {
  const error = errors[column]
  return error ? (
    <span id={`${fieldId(column)}-error`} className="block font-semibold text-error">
      {error}
    </span>
  ) : null
}

function invalid(column: ItemEditColumn, errors: Errors) {
  return errors[column]
    ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(column)}-error` }
    : {}
}

function TextField({
  column,
  cells,
  errors,
  hint,
}: {
  column: ItemEditColumn
  cells: ItemEditCells
  errors: Errors
  hint?: string
}) {
  return (
    <div>
      <label htmlFor={fieldId(column)} className="block font-semibold">
        <Label column={column} />
      </label>
      {hint ? <span className="block text-sm text-ink/80">{hint}</span> : null}
      <FieldError column={column} errors={errors} />
      <input
        id={fieldId(column)}
        name={column}
        defaultValue={cells[column]}
        className={input}
        {...invalid(column, errors)}
      />
    </div>
  )
}

function TextArea({
  column,
  cells,
  errors,
}: {
  column: ItemEditColumn
  cells: ItemEditCells
  errors: Errors
}) {
  return (
    <div>
      <label htmlFor={fieldId(column)} className="block font-semibold">
        <Label column={column} />
      </label>
      <FieldError column={column} errors={errors} />
      <textarea
        id={fieldId(column)}
        name={column}
        defaultValue={cells[column]}
        rows={4}
        className="w-full rounded-xl border-2 border-black/20 p-3"
        {...invalid(column, errors)}
      />
    </div>
  )
}

/** The 14 allergens as checkboxes; the form sends each ticked one (the file: "milk;eggs"). */
function Allergens({
  column,
  cells,
  errors,
}: {
  column: 'contains' | 'may_contain'
  cells: ItemEditCells
  errors: Errors
}) {
  const ticked = new Set(cells[column].split(';').map((name) => name.trim()))
  return (
    <fieldset
      id={fieldId(column)}
      tabIndex={-1}
      aria-describedby={errors[column] ? `${fieldId(column)}-error` : undefined}
    >
      <legend className="font-semibold">{LABELS[column]}</legend>
      <FieldError column={column} errors={errors} />
      <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
        {ALLERGENS.map((allergen) => (
          <label key={allergen} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name={column}
              value={allergen}
              defaultChecked={ticked.has(allergen)}
              className="size-5"
            />
            {ALLERGEN_LABELS[allergen]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * /store/operator/catalogue/items/:id/edit: one item's name, category, prices, description,
 * food information and stock (issue 41); each field's error under its label, in the import's
 * words. Works without JavaScript.
 */
export function ItemEditPage({
  frame,
  name,
  cells,
  categories,
  errors,
  action,
  pictureHref,
  backHref,
  historyHref,
}: {
  frame: OperatorFrame
  name: string
  cells: ItemEditCells
  categories: ReadonlyArray<{ slug: string; name: string }>
  /** By column (the field's name). */
  errors: Errors
  action: string
  pictureHref: string
  backHref: string
  historyHref: string
}) {
  return (
    <OperatorLayout
      frame={frame}
      title={`Edit: ${name}`}
      intro="The item as every store sells it. A store’s own price and stock are on its prices and stock page."
    >
      <ErrorSummary id="item-edit-error" errors={errors} idPrefix="item" />
      <form method="post" action={action} className="grid max-w-2xl gap-4" noValidate>
        <TextField column="name" cells={cells} errors={errors} />
        <div>
          <label htmlFor={fieldId('category')} className="block font-semibold">
            {LABELS.category}
          </label>
          <FieldError column="category" errors={errors} />
          <select
            id={fieldId('category')}
            name="category"
            defaultValue={cells.category}
            className={input}
            {...invalid('category', errors)}
          >
            {categories.some((c) => c.slug === cells.category) ? null : (
              <option value={cells.category}>{cells.category}</option>
            )}
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField column="price" cells={cells} errors={errors} hint="Like 1.20" />
          <TextField column="was_price" cells={cells} errors={errors} hint="Empty: no offer" />
        </div>
        <div>
          <label htmlFor={fieldId('vat_class')} className="block font-semibold">
            {LABELS.vat_class}
          </label>
          <span className="block text-sm text-ink/80">
            Prices include it; the rate is the country&rsquo;s for the class.
          </span>
          <FieldError column="vat_class" errors={errors} />
          <select
            id={fieldId('vat_class')}
            name="vat_class"
            defaultValue={cells.vat_class}
            className={input}
            {...invalid('vat_class', errors)}
          >
            {VAT_CLASSES.map((vatClass) => (
              <option key={vatClass} value={vatClass}>
                {VAT_CLASS_LABELS[vatClass]}
              </option>
            ))}
          </select>
        </div>
        <TextField column="size" cells={cells} errors={errors} hint="Like 800g or 6 x 330ml" />
        <TextArea column="description" cells={cells} errors={errors} />
        <TextArea column="ingredients" cells={cells} errors={errors} />
        <Allergens column="contains" cells={cells} errors={errors} />
        <Allergens column="may_contain" cells={cells} errors={errors} />
        <TextField column="storage" cells={cells} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField column="origin" cells={cells} errors={errors} />
          <TextField column="net_quantity" cells={cells} errors={errors} />
        </div>
        <div>
          <FieldError column="out_of_stock" errors={errors} />
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input
              id={fieldId('out_of_stock')}
              type="checkbox"
              name="out_of_stock"
              value="yes"
              defaultChecked={cells.out_of_stock === 'yes'}
              className="size-5"
            />
            {LABELS.out_of_stock}
          </label>
        </div>
        <div>
          <button type="submit" className={button}>
            Save the item
          </button>
        </div>
      </form>
      <p className="mt-6">
        <a className={link} href={pictureHref}>
          Picture
        </a>{' '}
        ·{' '}
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
