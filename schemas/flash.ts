/** Whether a one-time message confirms something done (shown with a tick) or warns or explains. */
export type FlashTone = 'success' | 'notice'
