import { MESSAGES } from '../../schemas/messages.ts'
import { island } from '../components/Island.tsx'
import { DeliveryPlace, type DeliveryPlaceView } from '../components/slots/DeliveryPlace.tsx'
import { SlotPageFrame, type SlotPageFrameProps } from '../components/slots/SlotPageFrame.tsx'
import { SlotPicker, type SlotPickerProps } from '../islands/SlotPicker.tsx'
import { SLOT_PAGE_KEYS } from '../../schemas/page-messages.ts'
import { useText } from '../lib/page-text.ts'

const SlotPickerIsland = island('SlotPicker', SlotPicker, {
  hydrate: 'load',
  // The held slot's words, said once the shopper picks one.
  texts: [
    ...SLOT_PAGE_KEYS.map((key) => MESSAGES[key]),
    MESSAGES.pageYourSlot,
    MESSAGES.pageDelivery,
    MESSAGES.pageCollection,
    MESSAGES.pageToday,
    MESSAGES.pageTomorrow,
  ],
})

export interface TimeSlotsPageProps {
  frame: Omit<SlotPageFrameProps, 'children' | 'title'>
  picker: Omit<SlotPickerProps, 'islandId'>
}

/** Spec §2 stores-storeSlug-time-slots: ASAP or a future day and slot, for delivery or collection. */
export function TimeSlotsPage({ frame, picker }: TimeSlotsPageProps) {
  const text = useText()
  const title =
    picker.method === 'delivery'
      ? text(MESSAGES.pageChooseDeliveryTime)
      : text(MESSAGES.pageChooseCollectionTime)
  return (
    <SlotPageFrame {...frame} title={title}>
      <SlotPickerIsland {...picker} />
    </SlotPageFrame>
  )
}

/**
 * The delivery slot pages before there are slots to show: where to deliver (the brand's search
 * box), or why the store cannot deliver there and the ways on (collection, another store).
 */
export function DeliveryPlacePage({
  frame,
  place,
}: {
  frame: Omit<SlotPageFrameProps, 'children' | 'title'>
  place: Exclude<DeliveryPlaceView, { state: 'inside' }>
}) {
  const text = useText()
  return (
    <SlotPageFrame {...frame} title={text(MESSAGES.pageChooseDeliveryTime)}>
      <DeliveryPlace place={place} />
    </SlotPageFrame>
  )
}
