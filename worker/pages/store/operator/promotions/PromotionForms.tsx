import type { ReactNode } from 'react'
import { DEAL_SECTIONS_MAX } from '../../../../../schemas/operator-promotions.ts'
import { INPUT_CLASS } from '../../../../../client/components/forms/Form.tsx'
import {
  OperatorForm,
  type OperatorFormProps,
  SaveButton,
} from '../../../../../client/components/operator/OperatorForm.tsx'
import {
  CheckField,
  type Choice,
  ChoiceField,
  FieldGroup,
  type FieldsState,
  ImageField,
  InputField,
  TextAreaField,
} from '../../../../../client/components/operator/form-fields.tsx'
import { BANNER_FIELDS } from './banner-form.ts'
import { COUPON_FIELDS } from './coupon-form.ts'
import { DEAL_FIELDS, sectionField } from './deal-form.ts'
import { SCHEDULE_FIELDS } from './schedule-form.ts'
import {
  useCurrencySymbol,
  useMoney,
  useShopLocale,
} from '../../../../../client/lib/shop-locale.ts'
import { typedAmount } from '../../../../../client/lib/tip-pounds.ts'

/** What every promotion form page gets (OperatorForm's props). */
export type PromotionFormProps = OperatorFormProps

/** A promotion form: multipart (pictures), back to the promotions list. */
function PromotionForm({
  props,
  submit,
  before,
  children,
}: {
  props: PromotionFormProps
  submit: string
  before?: ReactNode
  children: ReactNode
}) {
  return (
    <OperatorForm
      props={props}
      backLabel="Back to promotions"
      submit={<SaveButton>{submit}</SaveButton>}
      multipart
      before={before}
    >
      {children}
    </OperatorForm>
  )
}

const SCHEDULE_HINT = 'Leave empty for no limit. Times are the business’s local time.'

function Schedule({ state, ordered = true }: { state: FieldsState; ordered?: boolean }) {
  return (
    <FieldGroup legend="When it runs">
      <InputField
        state={state}
        name={SCHEDULE_FIELDS.startsAt}
        label="Starts"
        type="datetime-local"
        optional
        hint={SCHEDULE_HINT}
      />
      <InputField
        state={state}
        name={SCHEDULE_FIELDS.endsAt}
        label="Ends"
        type="datetime-local"
        optional
      />
      {ordered ? (
        <InputField
          state={state}
          name={SCHEDULE_FIELDS.position}
          label="Order in lists"
          inputMode="numeric"
          optional
          hint="Lower numbers show first."
          maxLength={4}
        />
      ) : null}
      <CheckField
        state={state}
        name={SCHEDULE_FIELDS.isActive}
        label="Active"
        hint="Untick to switch it off without deleting it."
      />
    </FieldGroup>
  )
}

/** The kinds of deal, a multibuy's example in the shop's money ('any 3 for £5.00'). */
export function dealKindChoices(money: (pence: number) => string): ReadonlyArray<Choice> {
  return [
    { value: 'multibuy', label: `Multibuy (e.g. any 3 for ${money(500)})` },
    { value: 'meal_deal', label: 'Meal deal (one choice from each section)' },
    { value: 'percent_off', label: 'Percentage off each item' },
    { value: 'amount_off', label: 'Amount off each item' },
  ]
}

/** The deal form: what it is, its price, its items (by category or by typed slugs), its window. */
export function DealFormPage({
  props,
  categories,
  currentImage,
  finder,
}: {
  props: PromotionFormProps
  categories: ReadonlyArray<Choice>
  currentImage: string | undefined
  /** The item finder (ItemFinder), shown above the form. */
  finder: ReactNode
}) {
  const { state } = props
  const categoryChoices = [{ value: '', label: 'No category' }, ...categories]
  // A console's money is the business's (ADR 072): '£' and '2.50' in the UK, '€' and '2,50' in Dutch.
  const money = useMoney()
  const currency = useCurrencySymbol()
  const shop = useShopLocale()
  return (
    <PromotionForm props={props} submit="Save deal" before={finder}>
      <FieldGroup legend="The deal">
        <InputField
          state={state}
          name={DEAL_FIELDS.name}
          label="Name"
          hint={`What shoppers see, e.g. Any 3 sharing crisps for ${money(500)}`}
          maxLength={160}
        />
        <InputField
          state={state}
          name={DEAL_FIELDS.slug}
          label="Web address name"
          optional
          hint="Lower-case words joined by hyphens; left empty, it is made from the name."
          maxLength={120}
        />
        <ChoiceField
          state={state}
          name={DEAL_FIELDS.kind}
          label="Kind of deal"
          choices={dealKindChoices(money)}
        />
        <InputField
          state={state}
          name={DEAL_FIELDS.quantityRequired}
          label="How many items (multibuy)"
          inputMode="numeric"
          optional
          maxLength={4}
        />
        <InputField
          state={state}
          name={DEAL_FIELDS.price}
          label={`Deal price in ${currency} (multibuy or meal deal)`}
          inputMode="decimal"
          optional
          maxLength={8}
        />
        <InputField
          state={state}
          name={DEAL_FIELDS.discountPercent}
          label="Percentage off"
          inputMode="numeric"
          optional
          maxLength={3}
        />
        <InputField
          state={state}
          name={DEAL_FIELDS.discountAmount}
          label={`Amount off in ${currency}`}
          inputMode="decimal"
          optional
          maxLength={8}
        />
        <TextAreaField state={state} name={DEAL_FIELDS.description} label="Description" rows={2} />
        <InputField
          state={state}
          name={DEAL_FIELDS.badgeText}
          label="Badge text"
          optional
          hint={`A short label on item cards, e.g. 3 for ${money(500)}`}
          maxLength={40}
        />
        <ImageField
          state={state}
          name="image"
          label="Picture"
          optional
          current={currentImage}
          hint="JPEG, PNG, WebP or GIF, at most 5 MB."
        />
      </FieldGroup>
      {state.errors.sections ? (
        <p id={`${state.idPrefix}-sections-error`} className="mb-4 font-semibold text-red-700">
          {state.errors.sections}
        </p>
      ) : null}
      {Array.from({ length: DEAL_SECTIONS_MAX }, (_, index) => (
        <FieldGroup
          key={index}
          legend={index === 0 ? 'Items in the deal' : `Meal deal section ${index + 1}`}
        >
          <InputField
            state={state}
            name={sectionField(index, 'name')}
            label="Section name"
            optional
            hint={
              index === 0
                ? 'e.g. Main; for a multibuy, any name.'
                : 'e.g. Snack or Drink; leave the section empty if the deal has no more.'
            }
            maxLength={80}
          />
          <InputField
            state={state}
            name={sectionField(index, 'min')}
            label="Fewest a shopper chooses"
            inputMode="numeric"
            optional
            hint="For a meal deal; a multibuy takes how many items it needs."
            maxLength={3}
          />
          <InputField
            state={state}
            name={sectionField(index, 'max')}
            label="Most a shopper chooses"
            inputMode="numeric"
            optional
            maxLength={3}
          />
          <ChoiceField
            state={state}
            name={sectionField(index, 'category')}
            label="Add every item of a category"
            choices={categoryChoices}
          />
          <TextAreaField
            state={state}
            name={sectionField(index, 'items')}
            label="Items"
            hint={`One item per line by its web address name (find them above); add an extra cost after it, e.g. cola-330ml-can +${typedAmount(50, shop)}`}
            rows={4}
          />
        </FieldGroup>
      ))}
      <Schedule state={state} />
    </PromotionForm>
  )
}

export const LINK_CHOICES: ReadonlyArray<Choice> = [
  { value: 'none', label: 'Nothing' },
  { value: 'category', label: 'A category' },
  { value: 'deal', label: 'A deal' },
  { value: 'menu_item', label: 'An item' },
  { value: 'url', label: 'A web address' },
]

export const METHOD_CHOICES: ReadonlyArray<Choice> = [
  { value: '', label: 'Delivery and collection' },
  { value: 'delivery', label: 'Delivery only' },
  { value: 'collection', label: 'Collection only' },
]

/** The banner form: words, picture, where a click goes, where and when it shows. */
export function BannerFormPage({
  props,
  choices,
  currentImage,
}: {
  props: PromotionFormProps
  choices: {
    brands: ReadonlyArray<Choice>
    stores: ReadonlyArray<Choice>
    categories: ReadonlyArray<Choice>
    deals: ReadonlyArray<Choice>
  }
  currentImage: string | undefined
}) {
  const { state } = props
  return (
    <PromotionForm props={props} submit="Save banner">
      <FieldGroup legend="The banner">
        <InputField state={state} name={BANNER_FIELDS.title} label="Title" maxLength={120} />
        <InputField
          state={state}
          name={BANNER_FIELDS.subtitle}
          label="Subtitle"
          optional
          maxLength={200}
        />
        <InputField
          state={state}
          name={BANNER_FIELDS.slug}
          label="Web address name"
          optional
          hint="Left empty, it is made from the title."
          maxLength={120}
        />
        <ImageField
          state={state}
          name="image"
          label="Picture"
          optional={Boolean(currentImage)}
          current={currentImage}
          hint="Shown 3 wide by 1 high (e.g. 1200 × 400 pixels), at least 600 pixels wide; JPEG, PNG, WebP or GIF, at most 5 MB."
        />
      </FieldGroup>
      <FieldGroup legend="Where a click goes">
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.linkType}
          label="Links to"
          choices={LINK_CHOICES}
        />
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.linkCategoryId}
          label="Category it links to"
          choices={[{ value: '', label: 'None' }, ...choices.categories]}
        />
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.linkDealId}
          label="Deal it links to"
          choices={[{ value: '', label: 'None' }, ...choices.deals]}
        />
        <InputField
          state={state}
          name={BANNER_FIELDS.linkMenuItem}
          label="Item it links to"
          optional
          hint="The item’s web address name."
          maxLength={160}
        />
        <InputField
          state={state}
          name={BANNER_FIELDS.linkUrl}
          label="Web address it links to"
          optional
          hint="https://… or a page of this shop, e.g. /stores"
          maxLength={500}
        />
      </FieldGroup>
      <FieldGroup legend="Where it shows">
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.brandId}
          label="Brand"
          choices={[{ value: '', label: 'All brands' }, ...choices.brands]}
        />
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.storeId}
          label="Store"
          choices={[{ value: '', label: 'All stores' }, ...choices.stores]}
        />
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.categoryId}
          label="Page"
          choices={[{ value: '', label: 'Store home page' }, ...choices.categories]}
        />
        <ChoiceField
          state={state}
          name={BANNER_FIELDS.fulfilmentMethod}
          label="Delivery or collection"
          choices={METHOD_CHOICES}
        />
      </FieldGroup>
      <Schedule state={state} />
    </PromotionForm>
  )
}

export const COUPON_KIND_CHOICES: ReadonlyArray<Choice> = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'amount', label: 'Amount off' },
  { value: 'free_delivery', label: 'Free delivery' },
]

/** The coupon form: code, what it gives, who and when, how often. */
export function CouponFormPage({
  props,
  redemptions,
}: {
  props: PromotionFormProps
  redemptions: number | null
}) {
  const { state } = props
  const currency = useCurrencySymbol()
  return (
    <PromotionForm props={props} submit="Save coupon">
      {redemptions === null ? null : (
        <p className="mb-4">
          Used {redemptions} {redemptions === 1 ? 'time' : 'times'} so far.
        </p>
      )}
      <FieldGroup legend="The coupon">
        <InputField
          state={state}
          name={COUPON_FIELDS.code}
          label="Code"
          hint="What shoppers type; stored in capitals, e.g. WELCOME10"
          maxLength={30}
        />
        <InputField
          state={state}
          name={COUPON_FIELDS.description}
          label="Description"
          optional
          maxLength={200}
        />
        <ChoiceField
          state={state}
          name={COUPON_FIELDS.kind}
          label="It gives"
          choices={COUPON_KIND_CHOICES}
        />
        <InputField
          state={state}
          name={COUPON_FIELDS.value}
          label="How much"
          optional
          inputMode="decimal"
          hint={`A percentage (1 to 100), or an amount in ${currency} for an amount off; nothing for free delivery.`}
          maxLength={8}
        />
        <InputField
          state={state}
          name={COUPON_FIELDS.minimumSpend}
          label={`Minimum spend in ${currency}`}
          optional
          inputMode="decimal"
          maxLength={8}
        />
        <InputField
          state={state}
          name={COUPON_FIELDS.maximumDiscount}
          label={`Largest discount in ${currency}`}
          optional
          inputMode="decimal"
          maxLength={8}
        />
      </FieldGroup>
      <FieldGroup legend="Who can use it">
        <ChoiceField
          state={state}
          name={COUPON_FIELDS.fulfilmentMethod}
          label="Delivery or collection"
          choices={METHOD_CHOICES}
        />
        <CheckField
          state={state}
          name={COUPON_FIELDS.membersOnly}
          label="Members only"
          hint="Shoppers signed in to an account."
        />
        <CheckField state={state} name={COUPON_FIELDS.firstOrderOnly} label="First order only" />
        <InputField
          state={state}
          name={COUPON_FIELDS.maxRedemptions}
          label="Total uses allowed"
          optional
          inputMode="numeric"
          hint="Cannot be lower than the uses so far."
          maxLength={7}
        />
        <InputField
          state={state}
          name={COUPON_FIELDS.maxRedemptionsPerCustomer}
          label="Uses per customer"
          optional
          inputMode="numeric"
          maxLength={5}
        />
      </FieldGroup>
      <Schedule state={state} ordered={false} />
    </PromotionForm>
  )
}

/** A found item: its web address name (to type in a section) and what it is. */
export interface FoundItem {
  slug: string
  name: string
  categoryName: string
}

/**
 * Finds items by name to put in a deal, without JavaScript: a search (GET) of its own above the
 * deal form, listing each match's web address name to type in a section.
 */
export function ItemFinder({
  action,
  query,
  items,
}: {
  action: string
  query: string
  items: ReadonlyArray<FoundItem> | null
}) {
  return (
    <section aria-labelledby="item-finder" className="mb-6 max-w-2xl rounded-xl bg-tint p-4">
      <h2 id="item-finder" className="text-lg font-bold">
        Find items for the deal
      </h2>
      <form
        method="get"
        action={action}
        role="search"
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="find-items" className="block text-sm font-semibold">
            Item name
          </label>
          <input
            id="find-items"
            name="find"
            type="search"
            maxLength={80}
            defaultValue={query}
            className={`mt-1 ${INPUT_CLASS}`}
          />
        </div>
        <button
          type="submit"
          className="h-12 rounded-xl border-2 border-primary bg-white px-5 font-bold text-primary"
        >
          Find
        </button>
      </form>
      {items === null ? (
        <p className="mt-2 text-sm text-ink/80">
          Searching starts a new form: find the items first, then fill in the deal.
        </p>
      ) : items.length === 0 ? (
        <p className="mt-3" role="status">
          No items match “{query}”.
        </p>
      ) : (
        <ul className="mt-3 space-y-1" aria-label={`Items matching ${query}`}>
          {items.map((item) => (
            <li key={item.slug} className="text-sm">
              <code className="rounded bg-white px-1 font-semibold">{item.slug}</code> {item.name}{' '}
              <span className="text-ink/70">({item.categoryName})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
