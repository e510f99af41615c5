/*
 * The form names the worker's page handlers and the substitution views share (ADR 013: the
 * worker takes them from client/lib, never from a component).
 */

/** The basket page's query naming the line whose similar items are listed (works without JS). */
export const REPLACE_FOR_QUERY = 'replaceFor'
