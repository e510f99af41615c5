import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { FlashTone } from '../../schemas/flash.ts'
import { AlertIcon, CheckIcon, CloseIcon } from '../components/icons.tsx'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface FlashToastProps {
  message: string
  /** A confirmation shows a tick; anything else the alert sign. */
  tone?: FlashTone
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

const subscribeToNothing = () => () => undefined

/**
 * A one-time message carried across a redirect (e.g. spec §8's device-location toast), shown as a
 * toast in the page flow under the header so it never covers content. It can be dismissed once
 * its script has loaded; until then there is no button that would do nothing. Focus moves to the
 * message once it hydrates: a shopper sent here by a redirect hears and sees why first.
 */
export function FlashToast({ message, tone = 'notice' }: FlashToastProps) {
  const [visible, setVisible] = useState(true)
  const text = useText()
  const messageRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    // Unless the shopper has already moved on to a control of the page.
    const active = document.activeElement
    if (active === null || active === document.body) messageRef.current?.focus()
  }, [])
  // False while rendering on the server and hydrating, true once the browser runs the island.
  const interactive = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false
  )
  if (!visible) return null
  return (
    <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
      <div
        data-tone={tone}
        className="flex items-start gap-3 rounded-xl bg-gray-900 py-3 pe-2 ps-4 text-sm font-semibold text-white shadow-lg ring-1 ring-black/10"
      >
        {tone === 'success' ? (
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-300" />
        ) : (
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-300" />
        )}
        {/* Only the message is the live region: the button is not part of what is announced. */}
        <p
          ref={messageRef}
          role="status"
          tabIndex={-1}
          className="flex-1 rounded-sm py-0.5 focus-visible:shadow-none focus-visible:outline-2 focus-visible:outline-amber-300"
        >
          {message}
        </p>
        {interactive ? (
          <button
            type="button"
            onClick={() => setVisible(false)}
            className="-my-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-white/15"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">{text(MESSAGES.pageDismissMessage)}</span>
          </button>
        ) : null}
      </div>
    </div>
  )
}
