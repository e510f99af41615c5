import { routePath } from '../../lib/routes.ts'
import type { AddStatus } from './use-add-to-basket.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The live line under an add button: the wait, then "Added …" with a link to the basket, or the
 * failure. Its id is the button's aria-describedby, so a screen reader hears the outcome.
 */
export function AddStatusLine({
  id,
  status,
  className = '',
}: {
  id: string
  status: AddStatus
  className?: string
}) {
  const text = useText()
  return (
    <p id={id} role="status" className={`min-h-5 text-sm font-semibold ${className}`.trim()}>
      {status.kind === 'adding' ? text(MESSAGES.pageAddingToBasket) : null}
      {status.kind === 'added' ? (
        <>
          {status.message}{' '}
          <a href={routePath('basket')} className="text-primary underline">
            {text(MESSAGES.pageViewBasket)}
          </a>
        </>
      ) : null}
      {status.kind === 'failed' ? <span className="text-red-700">{status.message}</span> : null}
    </p>
  )
}
