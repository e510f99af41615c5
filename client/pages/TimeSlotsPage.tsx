import { island } from '../components/Island.tsx'
import { SlotPageFrame, type SlotPageFrameProps } from '../components/slots/SlotPageFrame.tsx'
import { SlotPicker, type SlotPickerProps } from '../islands/SlotPicker.tsx'

const SlotPickerIsland = island('SlotPicker', SlotPicker, { hydrate: 'load' })

export interface TimeSlotsPageProps {
  frame: Omit<SlotPageFrameProps, 'children' | 'title'>
  picker: Omit<SlotPickerProps, 'islandId'>
}

/** Spec §2 stores-storeSlug-time-slots: ASAP or a future day and slot, for delivery or collection. */
export function TimeSlotsPage({ frame, picker }: TimeSlotsPageProps) {
  return (
    <SlotPageFrame {...frame} title={`Choose a ${picker.method} time`}>
      <SlotPickerIsland {...picker} />
    </SlotPageFrame>
  )
}
