import type { Country } from '../../../schemas/countries.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import { FormNotice, type FormErrors, type FormValues } from '../../components/forms/Form.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { AddressCard, DeleteAddressConfirm } from '../../components/member/AddressCard.tsx'
import { AddressForm, type AddressLookup } from '../../components/member/AddressForm.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface AddressesPageProps {
  chrome: PageChrome
  addresses: ReadonlyArray<MemberAddress>
  countries: ReadonlyArray<Country>
  notice: string | null
  /** The address the member asked to delete: the page asks before it goes. */
  deleting: MemberAddress | null
  /** The address being edited, or null for the add form. */
  editing: MemberAddress | null
  values: FormValues
  errors: FormErrors
  lookup: AddressLookup | null
}

const SECTIONS = [
  {
    type: 'delivery',
    title: MESSAGES.pageDeliveryAddresses,
    none: MESSAGES.pageNoDeliveryAddresses,
  },
  { type: 'billing', title: MESSAGES.pageBillingAddresses, none: MESSAGES.pageNoBillingAddresses },
] as const

/**
 * /member/addresses: the member's delivery and billing addresses (each kind's default first and
 * marked), and the form to add one or edit one. Every action is a form post answered by a
 * redirect back here with a notice.
 */
export function AddressesPage(props: AddressesPageProps) {
  const { chrome, addresses, notice, deleting, editing } = props
  const text = useText()
  return (
    <MemberShell
      chrome={chrome}
      active="member-addresses"
      title={MESSAGES.pageAddresses}
      interactive
    >
      <FormNotice message={notice ?? undefined} />
      {deleting ? <DeleteAddressConfirm address={deleting} /> : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_minmax(0,26rem)]">
        <div className="grid content-start gap-6">
          {SECTIONS.map(({ type, title, none }) => {
            const ofType = addresses.filter((address) => address.type === type)
            return (
              <section key={type} aria-labelledby={`addresses-${type}`}>
                <h2 id={`addresses-${type}`} className="mb-3 text-xl font-bold">
                  {text(title)}
                </h2>
                {ofType.length === 0 ? (
                  <p className="text-ink/80">{text(none)}</p>
                ) : (
                  <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                    {ofType.map((address) => (
                      <AddressCard key={address.addressId} address={address} />
                    ))}
                  </ul>
                )}
              </section>
            )
          })}
        </div>
        <AddressForm
          editing={editing ? { addressId: editing.addressId, name: editing.name } : null}
          values={props.values}
          errors={props.errors}
          countries={props.countries}
          lookup={props.lookup}
        />
      </div>
    </MemberShell>
  )
}
