import { useId, useState, useSyncExternalStore } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import { AddressSuggestionList } from '../components/address-search/AddressSuggestionList.tsx'
import { useAddressCombobox } from '../components/address-search/use-address-combobox.ts'
import { fetchPlaceAddress, fillAddressInputs } from '../components/member/place-address.ts'
import type { AddressSuggestion } from '../lib/api.ts'
import { useText } from '../lib/page-text.ts'

/** What the finder says only once it is used (island texts). */
export const ADDRESS_FINDER_TEXTS = [
  MESSAGES.pageFilledIn,
  MESSAGES.addressInfoFailed,
  MESSAGES.locationNotFound,
]

const noChanges = () => () => {}

export interface AddressFinderProps {
  islandId?: string
  /** The id prefix of the address inputs it fills (`address-addressLine1`, `delivery-…`). */
  fieldPrefix?: string
}

/**
 * Address search for an address form (the member's, checkout's delivery address): the shop's address combobox (the same hook and
 * suggestion list as the store search's AddressSearch) whose choice fills the form's lines from
 * place details. It appears only once hydrated: without JavaScript the postcode lookup and the
 * typed lines do the job, and an input that does nothing would only be in the way.
 */
export function AddressFinder({ islandId, fieldPrefix = 'address' }: AddressFinderProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  // False on the server and while hydrating, true once hydrated (then React renders again).
  const ready = useSyncExternalStore(
    noChanges,
    () => true,
    () => false
  )
  const [filled, setFilled] = useState('')
  const text = useText()

  async function fill(suggestion: AddressSuggestion) {
    try {
      fillAddressInputs(await fetchPlaceAddress(suggestion.placeId), fieldPrefix)
      setFilled(text(MESSAGES.pageFilledIn, suggestion.description))
      document.getElementById(`${fieldPrefix}-addressLine1`)?.focus()
    } catch {
      combobox.setError(MESSAGES.addressInfoFailed)
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`
  const combobox = useAddressCombobox({
    optionId,
    initialValue: '',
    initialError: undefined,
    onChoose: (suggestion) => void fill(suggestion),
  })
  const inputId = `${id}-input`
  const errorId = `${id}-error`

  return (
    <div hidden={!ready} className="relative mb-4">
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {text(MESSAGES.pageOrSearchAddress)}
      </label>
      <input
        id={inputId}
        {...combobox.inputProps(`${id}-suggestions`)}
        type="text"
        spellCheck={false}
        maxLength={120}
        placeholder={text(MESSAGES.pageStartTypingAddress)}
        aria-invalid={combobox.error ? true : undefined}
        aria-describedby={combobox.error ? errorId : undefined}
        className="mt-1 h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink placeholder:text-ink/60 focus:border-primary aria-invalid:border-red-700"
      />
      <AddressSuggestionList
        id={`${id}-suggestions`}
        optionId={optionId}
        open={combobox.open}
        suggestions={combobox.suggestions}
        active={combobox.active}
        onActivate={combobox.setActive}
        onChoose={combobox.choose}
      />
      {combobox.error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {text(combobox.error)}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {combobox.announcement || filled}
      </p>
    </div>
  )
}
