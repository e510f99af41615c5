import { useId, type FormEvent } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import { AddressSuggestionList } from '../components/address-search/AddressSuggestionList.tsx'
import { useAddressCombobox } from '../components/address-search/use-address-combobox.ts'
import { StoreSearchForm, type StoreSearchIslandProps } from '../components/SearchControls.tsx'
import type { AddressSuggestion } from '../lib/api.ts'
import { STORE_SEARCH_QUERY, storeSearchFlowPath } from '../lib/store-search.ts'
import { useText } from '../lib/page-text.ts'

export type AddressSearchProps = StoreSearchIslandProps

/**
 * The address variant of the store search (spec §2, §5): an autocomplete input that follows the
 * WAI-ARIA APG combobox with a listbox popup (useAddressCombobox). Typing asks for suggestions
 * after a 400 ms pause; choosing one starts the store search flow. Without JavaScript it is a
 * plain text form that the server answers with 'Not a valid address' (no suggestion was chosen).
 */
export function AddressSearch({
  enableDeviceLocation,
  initialValue = '',
  initialError,
  label = 'Enter your address',
  returnTo,
  submitLabel,
  searchLabel,
  islandId,
}: AddressSearchProps) {
  const generatedId = useId()
  const text = useText()
  const id = islandId ?? generatedId
  const inputId = `${id}-address`
  const listboxId = `${id}-suggestions`
  const errorId = `${id}-error`
  const optionId = (index: number) => `${id}-option-${index}`

  function startSearch(suggestion: AddressSuggestion) {
    window.location.assign(
      storeSearchFlowPath(
        {
          kind: 'address',
          placeId: suggestion.placeId,
          description: suggestion.description,
          postcode: suggestion.postcode,
          latitude: suggestion.latitude,
          longitude: suggestion.longitude,
        },
        returnTo
      )
    )
  }

  const combobox = useAddressCombobox({
    optionId,
    initialValue,
    initialError,
    onChoose: startSearch,
  })
  const { error } = combobox

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Spec §5: an empty search, or text without a chosen suggestion, is not an address.
    combobox.setError(MESSAGES.addressInvalid)
    combobox.closePopup()
  }

  return (
    <StoreSearchForm
      variant="address"
      label={label}
      inputId={inputId}
      errorId={errorId}
      error={error}
      onError={combobox.setError}
      onSubmit={onSubmit}
      enableDeviceLocation={enableDeviceLocation}
      returnTo={returnTo}
      submitLabel={submitLabel}
      searchLabel={searchLabel}
      status={
        <div role="status" aria-live="polite" className="sr-only">
          {combobox.announcement}
        </div>
      }
    >
      <input
        id={inputId}
        {...combobox.inputProps(listboxId)}
        name={STORE_SEARCH_QUERY.description}
        type="text"
        spellCheck={false}
        maxLength={120}
        placeholder={text(MESSAGES.pageStartTypingAddress)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-13 w-full rounded-xl border-2 border-black/15 bg-white pe-3 ps-11 text-base font-medium text-ink placeholder:text-ink/60 focus:border-primary aria-invalid:border-red-700"
      />
      <AddressSuggestionList
        id={listboxId}
        optionId={optionId}
        open={combobox.open}
        suggestions={combobox.suggestions}
        active={combobox.active}
        onActivate={combobox.setActive}
        onChoose={combobox.choose}
      />
    </StoreSearchForm>
  )
}
