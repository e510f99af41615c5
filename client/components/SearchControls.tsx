import { AlertIcon, LocateIcon } from './icons.tsx'

/**
 * The inline error under a store search input. The element is always present so screen readers
 * announce a message the moment it appears (role=alert); it is empty while there is none.
 */
export function InlineError({ id, message }: { id: string; message: string | null }) {
  return (
    <p
      id={id}
      role="alert"
      className="mt-1.5 flex min-h-5 items-center gap-1.5 text-sm font-semibold text-red-700"
    >
      {message ? (
        <>
          <AlertIcon className="size-4 shrink-0" />
          {message}
        </>
      ) : null}
    </p>
  )
}

/** The use-my-device-location button of both store search variants (spec §2). */
export function DeviceLocationButton({
  locating,
  onLocate,
}: {
  locating: boolean
  onLocate: () => void
}) {
  return (
    <button
      type="button"
      onClick={onLocate}
      disabled={locating}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-semibold text-ink underline-offset-4 hover:underline disabled:opacity-60"
    >
      <LocateIcon className="size-5" />
      {locating ? 'Finding your location…' : 'Use my current location'}
    </button>
  )
}
