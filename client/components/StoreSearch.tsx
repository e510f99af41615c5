import type { StoreSearchBoxProps } from '../lib/store-search.ts'
import { AddressSearch } from '../islands/AddressSearch.tsx'
import { PostcodeSearch } from '../islands/PostcodeSearch.tsx'
import { island } from './Island.tsx'
import { MESSAGES } from '../../schemas/messages.ts'

// Its refusals and the device-location button's wait are said only after a press: their
// translations travel with it.
const PostcodeSearchIsland = island('PostcodeSearch', PostcodeSearch, {
  hydrate: 'visible',
  texts: [MESSAGES.postcodeRequired, MESSAGES.postcodeInvalid, MESSAGES.pageFindingLocation],
})
const AddressSearchIsland = island('AddressSearch', AddressSearch, {
  hydrate: 'visible',
  texts: [
    MESSAGES.pageFindingLocation,
    MESSAGES.pageSuggestionsFound,
    MESSAGES.pageNoAddressesFound,
    MESSAGES.locationNotFound,
  ],
  counts: ['addresses'],
})

/**
 * The store search box of spec §2: the postcode input or the address autocomplete, each its own
 * island (and chunk), chosen by the brand's white-label setting.
 */
export function StoreSearch({
  variant,
  postcodeRule,
  enableDeviceLocation,
  initialValue,
  initialError,
  label,
  returnTo,
  submitLabel,
  searchLabel,
}: StoreSearchBoxProps) {
  // Only what was given, so the serialised island props stay as small as before.
  const purpose = {
    ...(returnTo ? { returnTo } : {}),
    ...(submitLabel ? { submitLabel } : {}),
    ...(searchLabel ? { searchLabel } : {}),
  }
  if (variant === 'address') {
    return (
      <AddressSearchIsland
        enableDeviceLocation={enableDeviceLocation}
        initialValue={initialValue}
        initialError={initialError}
        label={label}
        {...purpose}
      />
    )
  }
  return (
    <PostcodeSearchIsland
      postcodeRule={postcodeRule}
      enableDeviceLocation={enableDeviceLocation}
      initialValue={initialValue}
      initialError={initialError}
      label={label}
      {...purpose}
    />
  )
}
