import { currentScope, type LogFields, withoutUndefined } from './request-scope.ts'

/*
 * The one logger (ADR 041). Every line is one JSON object (Workers Logs indexes its fields) with
 * the fields of the request, queue batch or cron run it belongs to (worker/lib/request-scope.ts):
 * its request id, and the brand, business and order once something has named them.
 */

export type { LogFields }
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  /** Something that happened (`event` names it), at level info. */
  info(event: string, fields?: LogFields): void
  /** Timings and spans: kept in Workers Logs, quiet in the tests' output. */
  debug(event: string, fields?: LogFields): void
  /** A failure with its message and stack (stacks go to the log only, never into a response). */
  error(error: unknown, fields?: LogFields, level?: 'error' | 'warn'): void
  /** Names the order, brand or business of the current scope: every later line carries it. */
  annotate(fields: LogFields): void
}

function write(level: LogLevel, fields: LogFields): void {
  const line = JSON.stringify({ level, ...currentScope()?.fields, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else if (level === 'debug') console.debug(line)
  else console.log(line)
}

function errorFields(error: unknown): LogFields {
  return {
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  }
}

/** The logger of whatever scope the caller runs in (none: lines carry only their own fields). */
export const log: Logger = {
  info: (event, fields = {}) => write('info', { event, ...fields }),
  debug: (event, fields = {}) => write('debug', { event, ...fields }),
  error: (error, fields = {}, level = 'error') =>
    write(level, { ...fields, ...errorFields(error) }),
  annotate: (fields) => {
    const scope = currentScope()
    if (scope) Object.assign(scope.fields, withoutUndefined(fields))
  },
}

/** The current scope's fields (the error reporter tags its report with them). */
export function logScopeFields(): LogFields {
  return { ...currentScope()?.fields }
}

/**
 * Logs a failure as one JSON line: the scope's fields, the context given, then the error's
 * message and stack.
 *
 * @example logError(error, { event: 'brand cache write failed' })
 */
export function logError(
  error: unknown,
  context: LogFields = {},
  level: 'error' | 'warn' = 'error'
): void {
  log.error(error, context, level)
}

/**
 * Times `work` as a span: one debug line `{event:'span', span, durationMs, ok}` under the current
 * scope. performance.now(), not the app clock: a duration, never a date.
 */
export async function span<T>(name: string, fields: LogFields, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  let ok = false
  try {
    const result = await work()
    ok = true
    return result
  } finally {
    log.debug('span', {
      span: name,
      ...fields,
      durationMs: Math.round(performance.now() - started),
      ok,
    })
  }
}
