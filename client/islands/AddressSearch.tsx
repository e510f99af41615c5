import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { PinIcon } from '../components/icons.tsx'
import { StoreSearchForm } from '../components/SearchControls.tsx'
import { fetchAddressSuggestions, type AddressSuggestion } from '../lib/api.ts'
import {
  createLatestTicket,
  isListboxKey,
  nextActiveIndex,
  suggestionsAnnouncement,
} from '../lib/combobox.ts'
import { STORE_SEARCH_QUERY, storeSearchFlowPath } from '../lib/store-search.ts'

export interface AddressSearchProps {
  /** White-label store.enableDeviceLocation: offer the use-my-device-location button. */
  enableDeviceLocation: boolean
  /** What the shopper typed before a server round trip (no-JS submit), shown back to them. */
  initialValue?: string
  /** The error the store search flow sent back (e.g. 'Not a valid address'). */
  initialError?: string
  /** Visible label text. */
  label?: string
  /** A path of this site to return to once the location is saved (instead of the results). */
  returnTo?: string
  /** The submit button's text and the search landmark's name, when not finding stores. */
  submitLabel?: string
  searchLabel?: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

// One or two characters match half the country; wait for something an address can start with.
const MIN_TERM_LENGTH = 3

/**
 * The address variant of the store search (spec §2, §5): an autocomplete input that follows the
 * WAI-ARIA APG combobox with a listbox popup. Typing asks for suggestions after a 400 ms pause;
 * choosing one starts the store search flow. Without JavaScript it is a plain text form that the
 * server answers with 'Not a valid address' (no suggestion was chosen).
 */
export function AddressSearch({
  enableDeviceLocation,
  initialValue = '',
  initialError,
  label = 'Enter your address',
  returnTo,
  submitLabel,
  searchLabel,
  islandId,
}: AddressSearchProps) {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const inputId = `${id}-address`
  const listboxId = `${id}-suggestions`
  const errorId = `${id}-error`
  const optionId = (index: number) => `${id}-option-${index}`

  const [value, setValue] = useState(initialValue)
  const [suggestions, setSuggestions] = useState<Array<AddressSuggestion>>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [loading, setLoading] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [error, setError] = useState<string | null>(initialError ?? null)
  const [choosing, setChoosing] = useState(false)

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const tickets = useRef(createLatestTicket())

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current)
    },
    []
  )

  // The active option may sit below the popup's scrolled area: bring it into view.
  useEffect(() => {
    if (open && active >= 0) {
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' })
    }
  }, [open, active, id])

  function closePopup() {
    setOpen(false)
    setActive(-1)
  }

  function lookUp(term: string) {
    const ticket = tickets.current.next()
    setLoading(true)
    fetchAddressSuggestions(term).then(
      (found) => {
        // A later keystroke has asked again: this answer is for text that is no longer there.
        if (!tickets.current.isLatest(ticket)) return
        setLoading(false)
        setSuggestions(found)
        setActive(-1)
        setOpen(found.length > 0)
        setAnnouncement(suggestionsAnnouncement(found.length))
        setError(found.length > 0 ? null : MESSAGES.locationNotFound)
      },
      (failure: unknown) => {
        if (!tickets.current.isLatest(ticket)) return
        setLoading(false)
        setSuggestions([])
        closePopup()
        setError(failure instanceof Error ? failure.message : MESSAGES.systemError)
      }
    )
  }

  function onChange(next: string) {
    setValue(next)
    if (timer.current !== null) clearTimeout(timer.current)
    const term = next.trim()
    if (term.length < MIN_TERM_LENGTH) {
      // Forget any answer still on its way for the longer text.
      tickets.current.next()
      setLoading(false)
      setSuggestions([])
      closePopup()
      return
    }
    timer.current = setTimeout(() => lookUp(term), AUTOCOMPLETE_DEBOUNCE_MS)
  }

  function choose(suggestion: AddressSuggestion) {
    if (timer.current !== null) clearTimeout(timer.current)
    tickets.current.next()
    setValue(suggestion.description)
    closePopup()
    setError(null)
    setChoosing(true)
    window.location.assign(
      storeSearchFlowPath(
        {
          kind: 'address',
          placeId: suggestion.placeId,
          description: suggestion.description,
          postcode: suggestion.postcode,
          latitude: suggestion.latitude,
          longitude: suggestion.longitude,
        },
        returnTo
      )
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length
    if (isListboxKey(event.key)) {
      // Home and End move the caret in the text unless an option has visual focus (APG).
      if ((event.key === 'Home' || event.key === 'End') && !(open && active >= 0)) return
      if (count === 0) return
      event.preventDefault()
      setOpen(true)
      setActive(nextActiveIndex(open ? active : -1, count, event.key))
      return
    }
    if (event.key === 'Enter' && open && active >= 0) {
      const suggestion = suggestions[active]
      if (suggestion) {
        event.preventDefault()
        choose(suggestion)
      }
      return
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      if (open) closePopup()
      else onChange('')
      return
    }
    if (event.key === 'Tab') closePopup()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Spec §5: an empty search, or text without a chosen suggestion, is not an address.
    setError(MESSAGES.addressInvalid)
    closePopup()
  }

  const activeOption = open && active >= 0 ? optionId(active) : undefined

  return (
    <StoreSearchForm
      variant="address"
      label={label}
      inputId={inputId}
      errorId={errorId}
      error={error}
      onError={setError}
      onSubmit={onSubmit}
      enableDeviceLocation={enableDeviceLocation}
      returnTo={returnTo}
      submitLabel={submitLabel}
      searchLabel={searchLabel}
      status={
        <div role="status" aria-live="polite" className="sr-only">
          {announcement}
        </div>
      }
    >
      <input
        id={inputId}
        name={STORE_SEARCH_QUERY.description}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={120}
        placeholder="Start typing your address"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={closePopup}
        onFocus={() => {
          if (suggestions.length > 0 && !choosing) setOpen(true)
        }}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeOption}
        aria-busy={loading || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-13 w-full rounded-xl border-2 border-black/15 bg-white pr-3 pl-11 text-base font-medium text-ink placeholder:text-ink/60 focus:border-primary aria-invalid:border-red-700"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Address suggestions"
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
            onMouseMove={() => setActive(index)}
            onClick={() => choose(suggestion)}
            className="flex cursor-pointer items-center gap-2 px-3 py-2.5 text-sm text-ink aria-selected:bg-tint aria-selected:font-semibold"
          >
            <PinIcon className="size-4 shrink-0 text-ink/60" />
            {suggestion.description}
          </li>
        ))}
      </ul>
    </StoreSearchForm>
  )
}
