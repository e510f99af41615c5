import { useShopLocale } from '../../../../../client/lib/shop-locale.ts'
import {
  COMMON_TIME_ZONES,
  type OperatorStore,
  type OperatorStoreRow,
} from '../../../../../schemas/operator-stores.ts'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'
import { TEXT_MAX_LENGTH } from '../../../../../schemas/text-max-length.ts'
import { AddressFields } from '../../../../../client/components/checkout/AddressFields.tsx'
import {
  type FormErrors,
  type FormValues,
  FormAlert,
  TextField,
} from '../../../../../client/components/forms/Form.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { STORE_DETAIL_FIELDS, STORE_DETAIL_INTENTS, STORE_SWITCH_FIELDS } from './store-forms.ts'
import { useRenderNow } from '../../../../../client/components/render-context.ts'
import { storeTimeFrom } from '../../../../../client/lib/store-console-format.ts'
import {
  CheckField,
  FieldGroup,
  InputField,
  SmallButton,
  type StoreLinks,
  StoreTabs,
} from './StoreFields.tsx'

const STATE_LABELS = { open: 'Open now', preorder: 'Closed, taking orders', closed: 'Closed' }

const methodsOf = (store: { deliveryEnabled: boolean; collectionEnabled: boolean }) =>
  [store.deliveryEnabled ? 'Delivery' : null, store.collectionEnabled ? 'Collection' : null]
    .filter(Boolean)
    .join(', ') || 'None'

/** /store/operator/stores: every store of the business with its state now. */
/** A store's state in the list: closed by staff, paused by its manager, or by its hours. */
function StoreState({ store }: { store: OperatorStoreRow }) {
  const at = useRenderNow().toISOString()
  if (store.temporarilyClosed) return <>Closed by staff</>
  if (store.pause) {
    const until = storeTimeFrom(store.pause.until, store.timeZone, at)
    return <>{`Paused until ${until} — ${store.pause.reason}`}</>
  }
  return <>{STATE_LABELS[store.availability]}</>
}

export function StoresListPage({
  frame,
  stores,
  newHref,
  storeHref,
}: {
  frame: OperatorFrame
  stores: ReadonlyArray<OperatorStoreRow>
  newHref: string
  /** The store's page, by id. */
  storeHref: (storeId: number) => string
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Stores"
      intro="Addresses, opening hours, closures, delivery zones, fees and slots of every store."
      actions={
        <a
          href={newHref}
          className="inline-flex min-h-12 items-center rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90"
        >
          Add a store
        </a>
      }
    >
      {stores.length === 0 ? (
        <p>There are no stores yet.</p>
      ) : (
        <div className={STACKED_TABLE_CLASS.box}>
          <table className={`${STACKED_TABLE_CLASS.table} md:min-w-[44rem]`}>
            <caption className="sr-only">Stores</caption>
            <thead className={STACKED_TABLE_CLASS.head}>
              <tr>
                <th scope="col" className="p-3">
                  Name
                </th>
                <th scope="col" className="p-3">
                  Town
                </th>
                <th scope="col" className="p-3">
                  Postcode
                </th>
                <th scope="col" className="p-3">
                  Now
                </th>
                <th scope="col" className="p-3">
                  Methods
                </th>
                <th scope="col" className="p-3">
                  Live
                </th>
              </tr>
            </thead>
            <tbody className={STACKED_TABLE_CLASS.body}>
              {stores.map((store) => (
                <tr key={store.id} className={STACKED_TABLE_CLASS.row}>
                  <th scope="row" className={STACKED_TABLE_CLASS.rowHeader}>
                    <a
                      href={storeHref(store.id)}
                      className="inline-flex min-h-11 items-center font-bold text-primary underline underline-offset-4"
                    >
                      {store.name}
                    </a>
                  </th>
                  <td data-label="Town" className={STACKED_TABLE_CLASS.cell}>
                    {store.town}
                  </td>
                  <td
                    data-label="Postcode"
                    className={`${STACKED_TABLE_CLASS.cell} whitespace-nowrap`}
                  >
                    {store.postcode}
                  </td>
                  <td data-label="Now" className={STACKED_TABLE_CLASS.cell}>
                    <StoreState store={store} />
                  </td>
                  <td data-label="Methods" className={STACKED_TABLE_CLASS.cell}>
                    {methodsOf(store)}
                  </td>
                  <td data-label="Live" className={STACKED_TABLE_CLASS.cell}>
                    {store.isActive ? 'Live' : 'Hidden'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OperatorLayout>
  )
}

const ID = 'store'

/**
 * The store's details: name, web address, contact, address with the coordinates the geocoder
 * found (the operator confirms or adjusts them), time zone, live. New stores get the same form.
 */
export function StoreDetailsPage({
  frame,
  store,
  links,
  action,
  switchAction,
  values,
  errors,
  located,
}: {
  frame: OperatorFrame
  /** Null when adding a store. */
  store: OperatorStore | null
  links: StoreLinks | null
  action: string
  switchAction: string | null
  values: FormValues
  errors: FormErrors
  /** Set after "Find the coordinates": where the geocoder put the postcode. */
  located: { precision: string } | null
}) {
  // The business's own zone first (a Dublin grocer's, a US one's that the common list lacks).
  const home = useShopLocale().timeZone
  const zones = [
    ...new Set([home, ...COMMON_TIME_ZONES, ...(values.timeZone ? [values.timeZone] : [])]),
  ]
  return (
    <OperatorLayout
      frame={frame}
      title={store ? store.name : 'Add a store'}
      intro={
        store
          ? `${store.addressLine1}, ${store.town} ${store.postcode}`
          : 'A new store opens once it has opening hours: add them next.'
      }
    >
      {links ? <StoreTabs links={links} current="details" /> : null}
      {store && switchAction ? (
        <form
          method="post"
          action={switchAction}
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-tint p-4"
        >
          <p className="font-semibold" role="status">
            {store.temporarilyClosed
              ? 'Closed by staff: shoppers see the store closed whatever its hours say.'
              : `${STATE_LABELS[store.availability.state]}, by its opening hours.`}
          </p>
          <input
            type="hidden"
            name={STORE_SWITCH_FIELDS.temporarilyClosed}
            value={store.temporarilyClosed ? 'off' : 'on'}
          />
          <SmallButton tone={store.temporarilyClosed ? 'primary' : 'danger'}>
            {store.temporarilyClosed ? 'Open the store again' : 'Close the store now'}
          </SmallButton>
        </form>
      ) : null}
      <form method="post" action={action} noValidate className="max-w-3xl">
        {/* Enter in a field saves: implicit submission presses the form's first submit button,
            which would otherwise be "Find the coordinates" further down. */}
        <button
          type="submit"
          name={STORE_DETAIL_FIELDS.intent}
          value={STORE_DETAIL_INTENTS.save}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        >
          {store ? 'Save the details' : 'Add the store'}
        </button>
        <FormAlert id={`${ID}-alert`} message={errors.form} />
        {Object.keys(errors).length > 0 && !errors.form ? (
          <FormAlert
            id={`${ID}-alert`}
            message="Some details need changing: see the fields marked below."
          />
        ) : null}
        <FieldGroup legend="The store">
          <TextField
            idPrefix={ID}
            name={STORE_DETAIL_FIELDS.name}
            label="Name"
            autoComplete="off"
            maxLength={TEXT_MAX_LENGTH.name}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix={ID}
            name={STORE_DETAIL_FIELDS.slug}
            label="Web address"
            hint="The end of the store's address in the shop: lower-case letters, digits and hyphens."
            autoComplete="off"
            maxLength={80}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix={ID}
            name={STORE_DETAIL_FIELDS.description}
            label="Description"
            autoComplete="off"
            required={false}
            maxLength={1000}
            errors={errors}
            values={values}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextField
              idPrefix={ID}
              name={STORE_DETAIL_FIELDS.phone}
              type="tel"
              label="Phone"
              autoComplete="off"
              required={false}
              maxLength={TEXT_MAX_LENGTH.phone}
              errors={errors}
              values={values}
            />
            <TextField
              idPrefix={ID}
              name={STORE_DETAIL_FIELDS.email}
              type="email"
              label="Email"
              autoComplete="off"
              required={false}
              maxLength={TEXT_MAX_LENGTH.email}
              errors={errors}
              values={values}
            />
          </div>
        </FieldGroup>
        <FieldGroup legend="Address">
          <AddressFields idPrefix={ID} errors={errors} values={values} />
          <p className="mb-3 text-sm text-ink/80" role={located ? 'status' : undefined}>
            {located
              ? located.precision === 'outcode'
                ? 'Only the postcode district is known: check the point and move it to the store.'
                : 'These are the coordinates of the postcode: check them before saving.'
              : 'Leave the coordinates blank to take them from the postcode, or find them first to check them.'}
          </p>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <InputField
              idPrefix={ID}
              name={STORE_DETAIL_FIELDS.latitude}
              label="Latitude"
              inputMode="decimal"
              errors={errors}
              values={values}
            />
            <InputField
              idPrefix={ID}
              name={STORE_DETAIL_FIELDS.longitude}
              label="Longitude"
              inputMode="decimal"
              errors={errors}
              values={values}
            />
          </div>
          <SmallButton name={STORE_DETAIL_FIELDS.intent} value={STORE_DETAIL_INTENTS.locate}>
            Find the coordinates of the postcode
          </SmallButton>
        </FieldGroup>
        <FieldGroup legend="Time and visibility">
          <div className="mb-4">
            <label htmlFor={`${ID}-timeZone`} className="block text-sm font-semibold">
              Time zone
            </label>
            <p id={`${ID}-timeZone-hint`} className="mt-0.5 text-sm text-ink/70">
              Opening hours and closures are in this zone.
            </p>
            <select
              id={`${ID}-timeZone`}
              name={STORE_DETAIL_FIELDS.timeZone}
              defaultValue={values.timeZone ?? home}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={`${ID}-timeZone-hint${errors.timeZone ? ` ${ID}-timeZone-error` : ''}`}
              className="mt-1 h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3"
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            {errors.timeZone ? (
              <p id={`${ID}-timeZone-error`} className="mt-1 text-sm font-semibold text-red-700">
                {errors.timeZone}
              </p>
            ) : null}
          </div>
          <CheckField
            idPrefix={ID}
            name={STORE_DETAIL_FIELDS.isActive}
            label="Live: shoppers can find and order from it"
            values={values}
          />
        </FieldGroup>
        <SmallButton
          tone="primary"
          name={STORE_DETAIL_FIELDS.intent}
          value={STORE_DETAIL_INTENTS.save}
        >
          {store ? 'Save the details' : 'Add the store'}
        </SmallButton>
      </form>
    </OperatorLayout>
  )
}
