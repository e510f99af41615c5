import { routePath } from '../../lib/routes.ts'
import type { AddStatus } from './use-add-to-basket.tsx'

/** The status line under an Add button: adding, what was added with a link to the basket, or why not. */
export function AddStatusLine({
  id,
  status,
  className,
}: {
  id: string
  status: AddStatus
  className: string
}) {
  return (
    <p id={id} role="status" className={className}>
      {status.kind === 'adding' ? 'Adding to basket…' : null}
      {status.kind === 'added' ? (
        <>
          {status.message}{' '}
          <a href={routePath('basket')} className="text-primary underline">
            View basket
          </a>
        </>
      ) : null}
      {status.kind === 'failed' ? <span className="text-red-700">{status.message}</span> : null}
    </p>
  )
}
