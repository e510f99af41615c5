/*
 * The field names the store console's sign-in and store controls post and the Worker reads
 * (ADR 013: what both sides read lives below both).
 */

/** Which of the two forms a post is: the password step or the emailed code step. */
export const STAFF_SIGN_IN_INTENTS = { password: 'password', code: 'code' } as const

export const STAFF_INTENT_FIELD = 'intent'

/** The controls form's fields and the two things it does. */
export const PAUSE_FIELDS = { action: 'do', until: 'until', reason: 'reason' } as const

export const PAUSE_ACTIONS = { pause: 'pause', resume: 'resume' } as const
