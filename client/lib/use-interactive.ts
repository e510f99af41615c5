import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => undefined

/**
 * False on the server and while hydrating, true once the island runs in the browser: what only
 * works without JavaScript (a form's no-script fields) renders until then, what needs a script
 * after.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false
  )
}
