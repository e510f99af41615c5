import type { AddressSuggestion } from '../../lib/api.ts'
import { PinIcon } from '../icons.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The combobox's listbox popup: one option per suggestion, the active one marked selected. */
export function AddressSuggestionList({
  id,
  optionId,
  open,
  suggestions,
  active,
  onActivate,
  onChoose,
}: {
  id: string
  optionId: (index: number) => string
  open: boolean
  suggestions: Array<AddressSuggestion>
  active: number
  onActivate: (index: number) => void
  onChoose: (suggestion: AddressSuggestion) => void
}) {
  const text = useText()
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={text(MESSAGES.pageAddressSuggestions)}
      hidden={!open}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-black/15 bg-white py-1 shadow-lg"
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.placeId}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Keep focus in the input so the combobox stays the one focused control.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onActivate(index)}
          onClick={() => onChoose(suggestion)}
          className="flex cursor-pointer items-center gap-2 px-3 py-2.5 text-sm text-ink aria-selected:bg-tint aria-selected:font-semibold"
        >
          <PinIcon className="size-4 shrink-0 text-ink/60" />
          {suggestion.description}
        </li>
      ))}
    </ul>
  )
}
