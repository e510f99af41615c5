import { useEffect, useRef, useState } from 'react'

/** An element to focus by id, or a group (a fieldset) by id whose first enabled control to focus. */
export type FocusTarget = string | { group: string }

/**
 * `moveFocus(target)` focuses the target after the next render: the render that shows the
 * errors an action found, so their aria-describedby link is there when focus arrives.
 */
export function useFocusAfterRender(): (target: FocusTarget) => void {
  const focusTarget = useRef<FocusTarget | null>(null)
  const [, setFocusRequest] = useState(0)

  useEffect(() => {
    const target = focusTarget.current
    focusTarget.current = null
    if (target === null) return
    const element =
      typeof target === 'string'
        ? document.getElementById(target)
        : document
            .getElementById(target.group)
            ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])')
    element?.focus()
  })

  return (target) => {
    focusTarget.current = target
    setFocusRequest((count) => count + 1)
  }
}
