/**
 * Logs a failure as one JSON line (Workers Logs indexes the fields): the context given, then the
 * error's message and stack. Stacks go to the log only, never into a response.
 *
 * @example logError(error, { requestId: c.var.requestId, path: c.req.path })
 */
export function logError(
  error: unknown,
  context: Record<string, unknown> = {},
  level: 'error' | 'warn' = 'error'
): void {
  const line = JSON.stringify({
    level,
    ...context,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  })
  if (level === 'warn') console.warn(line)
  else console.error(line)
}
