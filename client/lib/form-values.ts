/*
 * A posted form's errors and values as pages re-render them: the worker's form readers and the
 * components share these types here, below both (ADR 013).
 */

/** Field errors of a form post, by field name; `form` is a message about the whole form. */
export type FormErrors = Partial<Record<string, string>>

/** The values a re-rendered form shows again (never passwords). */
export type FormValues = Partial<Record<string, string>>
