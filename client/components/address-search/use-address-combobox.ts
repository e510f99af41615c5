import { MESSAGES } from '../../../schemas/messages.ts'
import { fetchAddressSuggestions, type AddressSuggestion } from '../../lib/api.ts'
import {
  useSuggestionsCombobox,
  type SuggestionSource,
} from '../combobox/use-suggestions-combobox.ts'

const ADDRESS_SOURCE: SuggestionSource<AddressSuggestion> = {
  // One or two characters match half the country; wait for something an address can start with.
  minTermLength: 3,
  fetch: fetchAddressSuggestions,
  describe: (suggestion) => suggestion.description,
  notFoundError: MESSAGES.locationNotFound,
  noun: { count: 'addresses', none: MESSAGES.pageNoAddressesFound },
}

/** The address combobox (store search, address finder): suggestions from the geocoder. */
export function useAddressCombobox(options: {
  optionId: (index: number) => string
  initialValue: string
  initialError: string | undefined
  onChoose: (suggestion: AddressSuggestion) => void
}) {
  return useSuggestionsCombobox({ ...options, source: ADDRESS_SOURCE })
}
