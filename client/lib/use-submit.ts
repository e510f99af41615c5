import { useState } from 'react'

/** Where one form submission stands. */
export interface Submission<A, R> {
  /** Runs the action; rejects with its error, which is also kept in `error`. */
  trigger: (arg: A) => Promise<R>
  isMutating: boolean
  error: Error | undefined
  data: R | undefined
}

/**
 * A form's one-off POST with its pending, error and result state. The footer sign-up is on
 * every page with islands, so this stays a few lines instead of a cache library's mutation hook
 * (about 6 KB gzip off every such page).
 */
export function useSubmit<A, R>(action: (arg: A) => Promise<R>): Submission<A, R> {
  const [state, setState] = useState<{ pending: boolean; error?: Error; data?: R }>({
    pending: false,
  })
  async function trigger(arg: A): Promise<R> {
    setState({ pending: true })
    try {
      const data = await action(arg)
      setState({ pending: false, data })
      return data
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught))
      setState({ pending: false, error })
      throw error
    }
  }
  return { trigger, isMutating: state.pending, error: state.error, data: state.data }
}
