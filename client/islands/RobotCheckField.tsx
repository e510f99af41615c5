import { useEffect, useRef, useState } from 'react'
import { loadTurnstile } from '../lib/turnstile.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface RobotCheckFieldProps {
  /** The brand's Turnstile site key (ROBOT_CHECK_PROVIDER=turnstile). */
  siteKey: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/**
 * The robot check of a plain form post (the contact form) when Turnstile is configured: the
 * widget inside the form, which adds the `cf-turnstile-response` field the page passes on as
 * verifyToken. With the local checker the page renders nothing here and sends the dev token.
 */
export function RobotCheckField({ siteKey }: RobotCheckFieldProps) {
  const container = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  const text = useText()
  useEffect(() => {
    let widgetId: string | undefined
    loadTurnstile()
      .then((api) => {
        if (container.current) widgetId = api.render(container.current, { sitekey: siteKey })
        return api
      })
      .catch(() => setFailed(true))
    return () => {
      if (widgetId) window.turnstile?.remove(widgetId)
    }
  }, [siteKey])
  return (
    <div className="mb-4">
      <div ref={container} className="min-h-[65px]" />
      {failed ? (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {text(MESSAGES.pageRobotCheckFailed)}
        </p>
      ) : null}
    </div>
  )
}
