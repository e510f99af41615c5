import {
  useContext,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react'
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  createLatestTicket,
  isListboxKey,
  nextActiveIndex,
  suggestionsAnnouncement,
  type SuggestionNoun,
} from '../../lib/combobox.ts'
import { PageTextsContext } from '../../lib/page-text.ts'

/** What a combobox looks up and how it speaks of what it finds. */
export interface SuggestionSource<Suggestion> {
  /** Typed text shorter than this asks nothing (it would match too much to help). */
  minTermLength: number
  fetch: (term: string) => Promise<Array<Suggestion>>
  /** The text the input shows once a suggestion is chosen. */
  describe: (suggestion: Suggestion) => string
  /** The field's error when nothing is found; null when finding nothing is no error. */
  notFoundError: string | null
  noun: SuggestionNoun
}

/**
 * A suggestions combobox's state (WAI-ARIA APG combobox with a listbox popup): the typed text, the
 * suggestions asked for after a pause in typing (an answer for text no longer there is dropped),
 * the open popup and its active option, what the live region says, and the field's error.
 * `choose` is called with the suggestion picked by click or Enter. The address search and the
 * product search share it; each gives its own source.
 */
export function useSuggestionsCombobox<Suggestion>({
  source,
  optionId,
  initialValue,
  initialError,
  onChoose,
}: {
  source: SuggestionSource<Suggestion>
  optionId: (index: number) => string
  initialValue: string
  initialError: string | undefined
  onChoose: (suggestion: Suggestion) => void
}) {
  const [value, setValue] = useState(initialValue)
  const [suggestions, setSuggestions] = useState<Array<Suggestion>>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [loading, setLoading] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [error, setError] = useState<string | null>(initialError ?? null)
  const [choosing, setChoosing] = useState(false)
  // What it announces and refuses after typing, in the island's language.
  const texts = useContext(PageTextsContext)

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
    source.fetch(term).then(
      (found) => {
        // A later keystroke has asked again: this answer is for text that is no longer there.
        if (!tickets.current.isLatest(ticket)) return
        setLoading(false)
        setSuggestions(found)
        setActive(-1)
        setOpen(found.length > 0)
        setAnnouncement(suggestionsAnnouncement(found.length, source.noun, texts))
        setError(
          found.length > 0 || source.notFoundError === null ? null : texts.say(source.notFoundError)
        )
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
    if (term.length < source.minTermLength) {
      // Forget any answer still on its way for the longer text.
      tickets.current.next()
      setLoading(false)
      setSuggestions([])
      closePopup()
      return
    }
    timer.current = setTimeout(() => lookUp(term), AUTOCOMPLETE_DEBOUNCE_MS)
  }

  function choose(suggestion: Suggestion) {
    if (timer.current !== null) clearTimeout(timer.current)
    tickets.current.next()
    setValue(source.describe(suggestion))
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

  /**
   * The input's combobox wiring (APG): role, value, the keyboard and focus handlers and the aria
   * state, the same for every suggestions field; each field adds its id, name, size and style.
   */
  function inputProps(listboxId: string) {
    return {
      role: 'combobox',
      autoComplete: 'off',
      value,
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
      onKeyDown,
      onBlur: closePopup,
      onFocus,
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listboxId,
      'aria-activedescendant': activeId,
      'aria-busy': loading || undefined,
    } as const
  }

  return {
    inputProps,
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
