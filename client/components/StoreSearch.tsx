import type { PostcodeRule } from '../../schemas/postcode.ts'
import { AddressSearch } from '../islands/AddressSearch.tsx'
import { PostcodeSearch } from '../islands/PostcodeSearch.tsx'
import type { StoreSearchVariant } from '../lib/store-search.ts'
import { island } from './Island.tsx'

/** What a page passes to render a brand's store search box. */
export interface StoreSearchBoxProps {
  /** White-label store.enableStoresSearchByAddress: 'address' shows the autocomplete. */
  variant: StoreSearchVariant
  /** The business's postcode rule for its country (spec §5). */
  postcodeRule: PostcodeRule
  /** White-label store.enableDeviceLocation. */
  enableDeviceLocation: boolean
  /** What the shopper typed before a server round trip, shown back to them. */
  initialValue?: string | undefined
  /** The message of a failed search, shown inline until the input becomes valid. */
  initialError?: string | undefined
  /** Visible label text. */
  label?: string | undefined
  /** A path of this site the search returns to once the location is saved (not the results). */
  returnTo?: string | undefined
  /** The submit button's text and the search landmark's name, when not finding stores. */
  submitLabel?: string | undefined
  searchLabel?: string | undefined
}

const PostcodeSearchIsland = island('PostcodeSearch', PostcodeSearch, { hydrate: 'visible' })
const AddressSearchIsland = island('AddressSearch', AddressSearch, { hydrate: 'visible' })

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
