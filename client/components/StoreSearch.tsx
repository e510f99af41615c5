import { PostcodeSearch, type PostcodeSearchProps } from '../islands/PostcodeSearch.tsx'
import { island } from './Island.tsx'

/**
 * The store search box. The address variant (white-label enableStoresSearchByAddress) comes with
 * the address autocomplete; until then every brand gets the postcode variant.
 */
export const StoreSearch = island<PostcodeSearchProps>('PostcodeSearch', PostcodeSearch, {
  hydrate: 'visible',
})
