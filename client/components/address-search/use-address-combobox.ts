import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { fetchAddressSuggestions, type AddressSuggestion } from '../../lib/api.ts'
import {
  createLatestTicket,
  isListboxKey,
  nextActiveIndex,
  suggestionsAnnouncement,
} from '../../lib/combobox.ts'

// One or two characters match half the country; wait for something an address can start with.
const MIN_TERM_LENGTH = 3

/**
 * The address combobox's state (WAI-ARIA APG combobox with a listbox popup): the typed text, the
 * suggestions asked for after a pause in typing (an answer for text no longer there is dropped),
 * the open popup and its active option, what the live region says, and the field's error.
 * `choose` is called with the suggestion picked by click or Enter.
 */
export function useAddressCombobox({
  optionId,
  initialValue,
  initialError,
  onChoose,
}: {
  optionId: (index: number) => string
  initialValue: string
  initialError: string | undefined
  onChoose: (suggestion: AddressSuggestion) => void
}) {
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
  const activeId = open && active >= 0 ? optionId(active) : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

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
    onChoose(suggestion)
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

  function onFocus() {
    if (suggestions.length > 0 && !choosing) setOpen(true)
  }

  return {
    value,
    suggestions,
    open,
    active,
    activeId,
    loading,
    announcement,
    error,
    setError,
    setActive,
    closePopup,
    onChange,
    onKeyDown,
    onFocus,
    choose,
  }
}
