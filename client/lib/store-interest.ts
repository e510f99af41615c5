/** The "tell me when you deliver here" form's state on the stores-near-by page. */
export interface InterestState {
  status: 'idle' | 'registered' | 'error'
  /** What the shopper typed, shown back after a failed no-JS submit. */
  email?: string
  /** The message of that failure. */
  message?: string
}
