import { formatMessage } from './messages.ts'

/**
 * What a shopper is told when a store does not deliver to their postcode: the backend's refusal
 * and the slot and details pages say the same, offering collection when the store collects.
 */
export function deliveryOutsideAreaMessage(
  storeName: string,
  postcode: string,
  storeCollects: boolean
): string {
  return formatMessage(
    storeCollects ? 'deliveryOutsideAreaCollect' : 'deliveryOutsideArea',
    storeName,
    postcode
  )
}
