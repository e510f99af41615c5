import { useEffect, useId, useState, type FormEvent } from 'react'
import { checkPostcode, type PostcodeRule, postcodeMaxLength } from '../../schemas/postcode.ts'
import { StoreSearchForm, type StoreSearchIslandProps } from '../components/SearchControls.tsx'
import { STORE_SEARCH_QUERY, storeSearchFlowPath } from '../lib/store-search.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'

export interface PostcodeSearchProps extends StoreSearchIslandProps {
  /** The business's postcode rule for its country (spec §5). */
  postcodeRule: PostcodeRule
}

/**
 * The postcode variant of the store search (spec §2): max 8 characters, cleared on click, submitted
 * by Enter or the button. Without JavaScript the form still works: the server checks the postcode.
 */
export function PostcodeSearch({
  postcodeRule,
  enableDeviceLocation,
  initialValue = '',
  initialError,
  label,
  returnTo,
  submitLabel,
  searchLabel,
  islandId,
}: PostcodeSearchProps) {
  const text = useText()
  const country = useShopLocale().countryCode
  // The box asks for the country's postcode by its name: an Irish one is an Eircode.
  const shownLabel =
    label ?? text(country === 'IE' ? MESSAGES.pageEnterEircode : MESSAGES.pageEnterPostcode)
  const generatedId = useId()
  const id = islandId ?? generatedId
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState<string | null>(initialError ?? null)
  const inputId = `${id}-postcode`
  const errorId = `${id}-error`

  // A message the page arrived with (a failed search, or a marketing link that needs a postcode
  // first): focus goes to the field it describes, so it is read out and the shopper can type.
  useEffect(() => {
    if (initialError) document.getElementById(inputId)?.focus()
  }, [initialError, inputId])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const check = checkPostcode(value, postcodeRule, text)
    if (!check.ok) {
      setError(check.message)
      return
    }
    setError(null)
    window.location.assign(
      storeSearchFlowPath({ kind: 'postcode', postcode: check.postcode }, returnTo)
    )
  }

  function onChange(next: string) {
    setValue(next)
    // Spec §5: the error hides once the input becomes valid.
    if (error && checkPostcode(next, postcodeRule).ok) setError(null)
  }

  return (
    <StoreSearchForm
      variant="postcode"
      label={shownLabel}
      inputId={inputId}
      errorId={errorId}
      error={error}
      onError={setError}
      onSubmit={onSubmit}
      enableDeviceLocation={enableDeviceLocation}
      returnTo={returnTo}
      submitLabel={submitLabel}
      searchLabel={searchLabel}
    >
      <input
        id={inputId}
        name={STORE_SEARCH_QUERY.postcode}
        type="text"
        inputMode="text"
        autoComplete="postal-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={postcodeMaxLength(postcodeRule.countryCode)}
        placeholder={
          postcodeRule.example
            ? text(MESSAGES.pagePostcodeExample, postcodeRule.example)
            : undefined
        }
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onClick={() => onChange('')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-13 w-full rounded-xl border-2 border-black/15 bg-white pe-3 ps-11 text-lg font-medium tracking-wide text-ink uppercase placeholder:tracking-normal placeholder:text-ink/60 placeholder:normal-case focus:border-primary aria-invalid:border-red-700"
      />
    </StoreSearchForm>
  )
}
