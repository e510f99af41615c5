/*
 * The field names the store console's sign-in posts and its handler reads (ADR 057: the form's
 * names live in the feature's folder, beside the view and the handler that share them).
 */

/** Which of the two forms a post is: the password step or the emailed code step. */
export const STAFF_SIGN_IN_INTENTS = { password: 'password', code: 'code' } as const

export const STAFF_INTENT_FIELD = 'intent'
