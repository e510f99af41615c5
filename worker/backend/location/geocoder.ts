import type {
  AutocompleteSuggestion,
  Coordinates,
  LocatedAddress,
  PlaceDetails,
  PostcodeLocation,
} from '../../../schemas/location.ts'

/**
 * Geocoding, autocomplete and place details (spec §7 Location) behind one interface. The local
 * default answers from D1 (UK outcode centroids, central Manchester postcodes, demo addresses);
 * the real adapter asks a postcode/places provider over fetch. Both take postcodes already
 * normalised by the business's postcode rule, and both answer null / [] for "not found" and throw
 * only when the provider itself failed.
 */
export interface Geocoder {
  /** Where a postcode is: the postcode's own point, else its district's (precision 'outcode'). */
  postcodeToCoordinates(postcode: string, country: string): Promise<PostcodeLocation | null>
  /** The nearest known postcode to a point (null when nothing is near). */
  coordinatesToPostcode(coords: Coordinates): Promise<PostcodeLocation | null>
  /** The addresses of a postcode. */
  addressesByPostcode(postcode: string, country: string): Promise<Array<LocatedAddress>>
  /** Addresses nearest a point, nearest first (spec §3 Device-location result). */
  addressesByCoordinates(coords: Coordinates): Promise<Array<LocatedAddress>>
  /** Address suggestions for a typed term (spec §3 Autocomplete suggestion). */
  autocomplete(term: string, country: string): Promise<Array<AutocompleteSuggestion>>
  /** A suggestion's coordinates and address (spec §3 Place details). */
  placeDetails(placeId: string): Promise<PlaceDetails | null>
}
