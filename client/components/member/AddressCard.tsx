import { MEMBER_ADDRESS_FIELDS } from '../../../schemas/forms/member-address.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import { routePath } from '../../lib/routes.ts'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * The lines of an address as it is written on an envelope (the name first), its country only
 * when it is not the shop's own.
 */
export function addressLines(address: MemberAddress, homeCountry = 'GB'): Array<string> {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.addressLine1,
    address.addressLine2,
    [address.town, address.county].filter(Boolean).join(', '),
    `${address.postcode}${address.country === homeCountry ? '' : `, ${address.country}`}`,
  ].filter((line): line is string => Boolean(line))
}

const ACTION_CLASS =
  'inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-primary underline underline-offset-4 hover:bg-tint'

/**
 * One saved address with what the member can do to it: edit, delete (asks first, on the page) and,
 * unless it is already its type's default, make it the default. Each is a link or a small form, so
 * nothing needs JavaScript.
 */
export function AddressCard({ address }: { address: MemberAddress }) {
  const text = useText()
  const home = useShopLocale().countryCode
  const path = routePath('member-addresses')
  const headingId = `address-${address.addressId}`
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-4 shadow-sm ${address.isDefault ? 'border-primary ring-1 ring-primary' : 'border-black/10'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold [overflow-wrap:anywhere]">
          {address.name}
        </h3>
        {address.isDefault ? (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-sm font-bold text-on-primary">
            {text(MESSAGES.pageDefault)}
          </span>
        ) : null}
      </div>
      <address className="mt-1 text-ink/80 not-italic [overflow-wrap:anywhere]">
        {addressLines(address, home).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      <div className="mt-3 flex flex-wrap gap-1 border-t border-black/10 pt-2">
        <a href={`${path}?edit=${address.addressId}#address-form`} className={ACTION_CLASS}>
          {text(MESSAGES.pageEdit)}
          <span className="sr-only"> {address.name}</span>
        </a>
        <a href={`${path}?delete=${address.addressId}#delete-address`} className={ACTION_CLASS}>
          {text(MESSAGES.pageDelete)}
          <span className="sr-only"> {address.name}</span>
        </a>
        {address.isDefault ? null : (
          <form method="post" action={path}>
            <input type="hidden" name={MEMBER_ADDRESS_FIELDS.action} value="default" />
            <input type="hidden" name={MEMBER_ADDRESS_FIELDS.addressId} value={address.addressId} />
            <button type="submit" className={ACTION_CLASS}>
              {text(MESSAGES.pageMakeDefault)}
              <span className="sr-only">
                {' '}
                {text(
                  address.type === 'billing'
                    ? MESSAGES.pageBillingAddressLower
                    : MESSAGES.pageDeliveryAddressLower
                )}
              </span>
            </button>
          </form>
        )}
      </div>
    </li>
  )
}

/** The page's question before a delete: the address, then Delete (a post) or Keep it (a link). */
export function DeleteAddressConfirm({ address }: { address: MemberAddress }) {
  const text = useText()
  const home = useShopLocale().countryCode
  return (
    <ConfirmDelete
      id="delete-address"
      title={text(MESSAGES.pageDeleteNamed, address.name)}
      action={routePath('member-addresses')}
      fields={{
        [MEMBER_ADDRESS_FIELDS.action]: 'delete',
        [MEMBER_ADDRESS_FIELDS.addressId]: address.addressId,
      }}
      submitLabel={text(MESSAGES.pageDeleteAddress)}
    >
      <p>{addressLines(address, home).join(', ')}</p>
    </ConfirmDelete>
  )
}
