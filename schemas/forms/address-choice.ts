// No zod here: the checkout components render from these names and must stay light.

/** The form field naming the saved address chosen, or {@link NEW_ADDRESS} for the typed one. */
export const SAVED_ADDRESS_FIELD = 'savedAddressId'
export const NEW_ADDRESS = 'new'

/** The "Save this address" box ('yes' when ticked) and the name it is kept under. */
export const SAVE_ADDRESS_FIELDS = {
  save: 'saveAddress',
  name: 'saveAddressName',
} as const

/** The form fields of the finder: the postcode looked up, and the buttons that find and pick. */
export const POSTCODE_FINDER_FIELDS = {
  postcode: 'lookupPostcode',
  find: 'findAddress',
  pick: 'pickAddress',
} as const
