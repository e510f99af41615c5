import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useLocalised, useText } from '../../lib/page-text.ts'

/**
 * The terms and privacy agreement box (spec §5 Details form; registration too): required, with
 * its error linked by aria-describedby. Posts `terms=yes`.
 */
export function TermsAgreement({
  idPrefix,
  checked,
  error,
}: {
  idPrefix: string
  checked: boolean
  error?: string | undefined
}) {
  const text = useText()
  const localise = useLocalised()
  const id = `${idPrefix}-terms`
  const errorId = `${id}-error`
  return (
    <div className="mb-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="terms"
          type="checkbox"
          value="yes"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-6 shrink-0 accent-primary"
        />
        <label htmlFor={id} className="text-sm">
          {text(MESSAGES.pageTermsAgree)}{' '}
          <a href={routePath('terms')} className="font-semibold underline underline-offset-4">
            {text(MESSAGES.pageTermsLink)}
          </a>{' '}
          {text(MESSAGES.pageTermsAnd)}{' '}
          <a
            href={routePath('privacy-policy')}
            className="font-semibold underline underline-offset-4"
          >
            {text(MESSAGES.pagePrivacyLink)}
          </a>
          .
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {localise(error)}
        </p>
      ) : null}
    </div>
  )
}
