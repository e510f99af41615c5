import { Toucan } from 'toucan-js'
import { logError, logScopeFields } from './log.ts'

/*
 * Unexpected errors to a Sentry-compatible endpoint (ADR 041), when the secret SENTRY_DSN is set
 * (never locally unless someone sets it). Nothing that names a person leaves: no cookies, no
 * headers but two, no query string or body, no user, and emails and postcodes in any text are
 * replaced. The request id is a tag, so a report leads to its log lines.
 */

/**
 * A Sentry event as the scrubber sees it: JSON, with the request's URL to cut the query from.
 * Declared here rather than taken from toucan-js, whose types pull @cloudflare/workers-types'
 * globals into whatever imports this module's declarations (the tests' Env then breaks).
 */
export type SentryEvent = {
  [key: string]: unknown
  request?: { [key: string]: unknown; url?: string }
}

/** What the reporter reads from the bindings. */
export interface ErrorReporterEnv {
  SENTRY_DSN?: string | undefined
  APP_ENV: string
}

// Keys whose values are personal or secret wherever they appear in an event: dropped whole.
const PERSONAL_KEY =
  /^(cookies?|set-cookie|authorization|user|ip_address|data|query_string|e-?mail|emails?|phone|mobile|address(es|line\d*)?|postcode|password|token|secret)$/i
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi
// UK postcodes (the shops deliver in the UK and Ireland); Eircodes too.
const POSTCODE =
  /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[AC-FHKNPRTV-Y]\d{2}[ ]?[AC-FHKNPRTV-Y\d]{4})\b/gi

function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(POSTCODE, '[postcode]')
}

function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (Array.isArray(value)) return value.map(scrubValue)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PERSONAL_KEY.test(key))
        .map(([key, inner]) => [key, scrubValue(inner)])
    )
  }
  return value
}

/**
 * The event with nothing personal left: personal keys dropped at any depth, the request's URL
 * without its query, emails and postcodes in every text replaced.
 */
export function scrubEvent<E extends object>(event: E): E {
  const scrubbed = scrubValue(event) as E & { request?: { url?: unknown } }
  const request = scrubbed.request
  if (request && typeof request.url === 'string') request.url = request.url.split('?')[0]
  return scrubbed
}

/**
 * Sends `error` to the DSN's project, tagged with the scope's request id, and waits for the send
 * inside `waitUntil`. Does nothing without SENTRY_DSN. Never throws: reporting must not turn a
 * logged 500 into another failure.
 */
export function reportError(
  env: ErrorReporterEnv,
  error: unknown,
  context: { request?: Request; waitUntil?: ExecutionContext['waitUntil'] } = {}
): void {
  const dsn = env.SENTRY_DSN?.trim()
  if (!dsn) return
  try {
    const sentry = new Toucan({
      dsn,
      environment: env.APP_ENV,
      ...(context.request ? { request: context.request } : {}),
      context: { waitUntil: context.waitUntil ?? ((promise) => void promise.catch(() => {})) },
      requestDataOptions: {
        allowedHeaders: ['user-agent', 'content-type'],
        allowedCookies: false,
        allowedSearchParams: false,
        allowedIps: false,
      },
      beforeSend: scrubEvent,
    })
    const fields = logScopeFields()
    for (const tag of ['requestId', 'brandId', 'businessId', 'orderId'] as const) {
      const value = fields[tag]
      if (typeof value === 'string' || typeof value === 'number') sentry.setTag(tag, String(value))
    }
    sentry.captureException(error)
  } catch (failure) {
    logError(failure, { event: 'error report failed' }, 'warn')
  }
}
