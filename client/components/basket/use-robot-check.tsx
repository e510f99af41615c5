import { useEffect, useRef, type ReactNode } from 'react'
import type { RobotCheckConfig } from '../../../schemas/basket.ts'
import { loadTurnstile, waitForToken, type TurnstileApi } from '../../lib/turnstile.ts'

interface Widget {
  api: TurnstileApi
  id: string
  /** Resolves with the next token the widget issues. */
  next: Promise<string>
}

/**
 * The coupon's robot check (spec §7 Apply coupon: verifyToken). Locally the configured token;
 * with Turnstile a widget under the coupon box whose token is used once, then renewed.
 */
export function useRobotCheck(config: RobotCheckConfig): {
  widget: ReactNode
  token: () => Promise<string>
  used: () => void
} {
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<Promise<Widget> | null>(null)
  const siteKey = config.provider === 'turnstile' ? config.siteKey : null

  function start(): Promise<Widget> {
    if (widget.current) return widget.current
    widget.current = loadTurnstile().then((api) => {
      const element = container.current
      if (!element || !siteKey) throw new Error('no place for the robot check')
      let issue: (token: string) => void = () => undefined
      const next = new Promise<string>((resolve) => (issue = resolve))
      const id = api.render(element, { sitekey: siteKey, callback: (token) => issue(token) })
      if (!id) throw new Error('Turnstile rendered no widget')
      return { api, id, next }
    })
    // A failed load can be tried again on the next apply.
    widget.current.catch(() => (widget.current = null))
    return widget.current
  }

  useEffect(() => {
    if (siteKey) void start().catch(() => undefined)
    // start() only reads refs and the site key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteKey])

  if (config.provider === 'local') {
    const token = config.token
    return { widget: null, token: () => Promise.resolve(token), used: () => undefined }
  }
  return {
    widget: <div ref={container} className="min-h-[65px]" />,
    token: async () => {
      const { api, id, next } = await start()
      return waitForToken(api, id, next)
    },
    used: () => {
      // A Turnstile token is good for one siteverify: the next apply needs a fresh one.
      const current = widget.current
      widget.current = null
      void current?.then(({ api, id }) => api.remove(id)).catch(() => undefined)
      void start().catch(() => undefined)
    },
  }
}
