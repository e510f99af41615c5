/*
 * Every variable, secret and optional binding the storefront reads, what needs it and which values
 * each environment allows: the one table the Worker checks before it serves (fail closed,
 * worker/middleware/fail-closed.ts) and the deploy preflight checks before it deploys
 * (scripts/deploy.ts). Pure data and functions, no Workers API, so Node scripts import it too.
 *
 * Development and test run the local defaults (sandbox gateways, local mailbox, local geocoder)
 * and are never refused. Staging and production must name live providers: a local or sandbox
 * stand-in there would take orders without taking money, or sign shoppers in through a fake
 * identity provider, so the Worker answers 503 instead (ADR 036).
 */
import { developmentToolsEnabled } from '../../schemas/development.ts'

/** The deployments APP_ENV names; anything else is refused as if it were production. */
export const APP_ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number]

/**
 * A secret whose value the caller cannot read but knows is set: `wrangler secret list` names
 * secrets without their values, so the preflight checks presence and the Worker checks strength.
 */
export const SECRET_IS_SET = Symbol('secret is set')

/**
 * What the checks read: the Worker's env, or the preflight's view of a wrangler environment
 * (vars as strings, secrets as SECRET_IS_SET, bindings as true).
 */
export type ConfigurationSource = Readonly<Record<string, unknown>>

export type SettingKind = 'variable' | 'secret' | 'binding'

export interface Setting {
  name: string
  kind: SettingKind
  /** What reads it and what its values choose. */
  purpose: string
  /**
   * Outside development: what is wrong with this setting in this configuration, or null. Only
   * settings that can be wrong on their own say so; the provider settings name their own keys.
   */
  check: (config: ConfigurationView) => string | null
}

export interface ConfigurationProblem {
  name: string
  problem: string
}

/** Secrets must be at least this long (32 random bytes are 43 characters in base64url). */
export const MIN_SECRET_CHARACTERS = 32

// Values people leave in a file meaning "fill this in": the example file's text, all zeros.
const PLACEHOLDER =
  /^(0+|x+|-+)$|replace|placeholder|example\.(com|org)|changeme|change-me|your[-_ ]|<[^>]*>|todo/i

/** Whether a value means "fill this in"; the deploy preflight asks it of resource names too. */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text.trim())
}

/** A read-only view with the questions the checks ask. */
export class ConfigurationView {
  // Plain fields, not constructor parameter properties: Node strips types but cannot transform
  // parameter properties, and the deploy preflight imports this file from Node.
  private readonly source: ConfigurationSource
  readonly appEnv: AppEnvironment | 'unknown'

  constructor(source: ConfigurationSource, appEnv: AppEnvironment | 'unknown') {
    this.source = source
    this.appEnv = appEnv
  }

  /** How messages name the environment ("production", or "this environment" when unknown). */
  get environmentName(): string {
    return this.appEnv === 'unknown' ? 'this environment' : this.appEnv
  }

  /** A variable's trimmed text ('' when unset). */
  text(name: string): string {
    const value = this.source[name]
    return typeof value === 'string' ? value.trim() : ''
  }

  /** Whether a secret or binding is there (a secret known to be set counts). */
  present(name: string): boolean {
    const value = this.source[name]
    if (value === SECRET_IS_SET) return true
    if (typeof value === 'string') return value.trim() !== ''
    return value !== undefined && value !== null && value !== false
  }

  /** A secret's text when the caller can read it, else null. */
  secretText(name: string): string | null {
    const value = this.source[name]
    return typeof value === 'string' ? value.trim() : null
  }
}

/** Why a required secret is refused, or null when it is strong enough (or unreadable but set). */
function secretProblem(config: ConfigurationView, name: string): string | null {
  if (!config.present(name)) return `${name} is not set (wrangler secret put ${name})`
  const text = config.secretText(name)
  if (text === null) return null
  if (PLACEHOLDER.test(text)) return `${name} is a placeholder, not a secret`
  if (text.length < MIN_SECRET_CHARACTERS) {
    return `${name} is weak: shorter than ${MIN_SECRET_CHARACTERS} characters`
  }
  if (new Set(text).size < 8) return `${name} is weak: fewer than 8 distinct characters`
  if (/^test-/i.test(text)) return `${name} is a test value`
  return null
}

/** A provider key that must be there (its strength is the provider's business). */
function keyProblem(config: ConfigurationView, name: string, because: string): string | null {
  if (!config.present(name)) return `${name} is not set, ${because} (wrangler secret put ${name})`
  const text = config.secretText(name)
  if (text !== null && PLACEHOLDER.test(text)) return `${name} is a placeholder, ${because}`
  return null
}

/** An id or address a live provider needs: set, and not a placeholder. */
function idProblem(config: ConfigurationView, name: string, because: string): string | null {
  const text = config.text(name)
  if (text === '') return `${name} is empty, ${because}`
  if (PLACEHOLDER.test(text)) return `${name} is a placeholder ("${text}"), ${because}`
  return null
}

/** An optional id: empty is fine, a placeholder is not. */
function optionalIdProblem(config: ConfigurationView, name: string): string | null {
  const text = config.text(name)
  return text !== '' && PLACEHOLDER.test(text) ? `${name} is a placeholder ("${text}")` : null
}

function httpsProblem(config: ConfigurationView, name: string, required: boolean): string | null {
  const text = config.text(name)
  if (text === '') return required ? `${name} is empty` : null
  if (PLACEHOLDER.test(text)) return `${name} is a placeholder ("${text}")`
  try {
    if (new URL(text).protocol === 'https:') return null
  } catch {
    // Not a URL at all: the message below says what it must be.
  }
  return `${name} must be an https:// address, not "${text}"`
}

/**
 * The error reporter's DSN: optional, but a set one must be a DSN. A mistyped one would otherwise
 * fail only inside reportError, silently, on the first 500 somebody needed to see.
 */
function sentryDsnProblem(config: ConfigurationView): string | null {
  const text = config.secretText('SENTRY_DSN')
  if (text === null || text === '') return null
  if (PLACEHOLDER.test(text)) return 'SENTRY_DSN is a placeholder, not a DSN'
  let url: URL | null = null
  try {
    url = new URL(text)
  } catch {
    // Not a URL at all: the message below says what it must be.
  }
  if (url?.protocol === 'https:' && url.username !== '' && /^\/(.+\/)?\d+$/.test(url.pathname)) {
    return null
  }
  return 'SENTRY_DSN must look like https://<public key>@<host>/<project id>'
}

/** A provider choice: one of the live values, never the local stand-in. */
function providerProblem(
  config: ConfigurationView,
  name: string,
  live: ReadonlyArray<string>,
  localDefault: string
): string | null {
  const text = config.text(name) || localDefault
  if (live.includes(text)) return null
  const allowed = live.map((value) => `"${value}"`).join(' or ')
  return text === localDefault
    ? `${name} is "${text}", the local stand-in; ${config.environmentName} needs ${allowed}`
    : `${name} "${text}" is not a provider; ${config.environmentName} needs ${allowed}`
}

const cardGateway = (config: ConfigurationView): string => config.text('CARD_GATEWAY') || 'realex'
const paymentsLive = (config: ConfigurationView): boolean => config.text('PAYMENTS_MODE') === 'live'

/** The table: every setting the Worker reads, in the order the README lists them. */
export const SETTINGS: ReadonlyArray<Setting> = [
  {
    name: 'APP_ENV',
    kind: 'variable',
    purpose:
      'which deployment this is: development and test run local stand-ins and development tools; staging and production refuse them',
    check: (config) =>
      config.appEnv === 'unknown'
        ? `APP_ENV "${config.text('APP_ENV')}" is not one of ${APP_ENVIRONMENTS.join(', ')}`
        : null,
  },
  {
    name: 'BACKEND_URL',
    kind: 'variable',
    purpose:
      'empty: the backend runs in-process (or behind the BACKEND service binding); an https origin: the backend elsewhere',
    check: (config) => httpsProblem(config, 'BACKEND_URL', false),
  },
  {
    name: 'PAYMENTS_MODE',
    kind: 'variable',
    purpose:
      '"sandbox": the gateways\' test addresses and the checkout\'s sandbox banner; "live": real money. Production takes live only',
    check: (config) => {
      const mode = config.text('PAYMENTS_MODE')
      if (config.appEnv === 'staging' && (mode === 'sandbox' || mode === 'live')) return null
      if (mode === 'live') return null
      return `PAYMENTS_MODE is "${mode}"; ${config.environmentName} takes "live" payments only`
    },
  },
  {
    name: 'CARD_GATEWAY',
    kind: 'variable',
    purpose: '"realex" (Global Payments hosted card page) or "frames" (embedded card frames)',
    check: (config) =>
      ['realex', 'frames'].includes(cardGateway(config))
        ? null
        : `CARD_GATEWAY "${config.text('CARD_GATEWAY')}" is not "realex" or "frames"`,
  },
  {
    name: 'REALEX_MERCHANT_ID',
    kind: 'variable',
    purpose: 'the Realex merchant; empty runs the local sandbox hosted card page (test cards only)',
    check: (config) =>
      cardGateway(config) === 'realex'
        ? idProblem(
            config,
            'REALEX_MERCHANT_ID',
            'so the local sandbox card page would take orders'
          )
        : null,
  },
  {
    name: 'REALEX_ACCOUNT',
    kind: 'variable',
    purpose: 'the Realex sub-account ("internet" by default)',
    check: (config) =>
      cardGateway(config) === 'realex'
        ? idProblem(config, 'REALEX_ACCOUNT', 'the hosted card page needs the sub-account')
        : null,
  },
  {
    name: 'REALEX_SHARED_SECRET',
    kind: 'secret',
    purpose: 'signs hosted card page requests and answers (SHA1HASH); Global Payments issues it',
    check: (config) => secretProblem(config, 'REALEX_SHARED_SECRET'),
  },
  {
    name: 'REALEX_REBATE_PASSWORD',
    kind: 'secret',
    purpose: 'the Realex rebate (refund) password, apart from the shared secret',
    check: (config) =>
      cardGateway(config) === 'realex'
        ? keyProblem(config, 'REALEX_REBATE_PASSWORD', 'so refunds would fail')
        : null,
  },
  {
    name: 'FRAMES_PUBLIC_KEY',
    kind: 'variable',
    purpose: "the frames provider's public key; empty runs the local sandbox frames",
    check: (config) =>
      cardGateway(config) === 'frames'
        ? idProblem(config, 'FRAMES_PUBLIC_KEY', 'so the local sandbox frames would take orders')
        : optionalIdProblem(config, 'FRAMES_PUBLIC_KEY'),
  },
  {
    name: 'FRAMES_SECRET_KEY',
    kind: 'secret',
    purpose: "the frames provider's payments API key",
    check: (config) =>
      cardGateway(config) === 'frames'
        ? keyProblem(config, 'FRAMES_SECRET_KEY', 'so card payments would fail')
        : null,
  },
  {
    name: 'APPLE_PAY_MERCHANT_ID',
    kind: 'variable',
    purpose:
      'Apple Pay merchant validation (with the APPLE_PAY_CERTIFICATE binding); empty: the sandbox sheet in sandbox mode, Apple Pay refused in live mode',
    check: (config) => {
      if (config.text('APPLE_PAY_MERCHANT_ID') === '') {
        return paymentsLive(config)
          ? null
          : 'APPLE_PAY_MERCHANT_ID is empty in sandbox mode, so the sandbox Apple Pay sheet would stand in'
      }
      return optionalIdProblem(config, 'APPLE_PAY_MERCHANT_ID')
    },
  },
  {
    name: 'APPLE_PAY_CERTIFICATE',
    kind: 'binding',
    purpose: 'the Apple Pay merchant identity certificate (mTLS), needed with a merchant id',
    check: (config) =>
      config.text('APPLE_PAY_MERCHANT_ID') !== '' && !config.present('APPLE_PAY_CERTIFICATE')
        ? 'APPLE_PAY_CERTIFICATE is not bound, but APPLE_PAY_MERCHANT_ID is set ([[mtls_certificates]])'
        : null,
  },
  {
    name: 'GOOGLE_PAY_MERCHANT_ID',
    kind: 'variable',
    purpose:
      "Google Pay's merchant id; empty: the sandbox sheet in sandbox mode, Google Pay refused in live mode",
    check: (config) => {
      if (config.text('GOOGLE_PAY_MERCHANT_ID') === '') {
        return paymentsLive(config)
          ? null
          : 'GOOGLE_PAY_MERCHANT_ID is empty in sandbox mode, so the sandbox Google Pay sheet would stand in'
      }
      return optionalIdProblem(config, 'GOOGLE_PAY_MERCHANT_ID')
    },
  },
  {
    name: 'SITEMAP_ENVIRONMENTS',
    kind: 'variable',
    purpose: 'host environments (brand_hosts.environment) that serve the sitemaps',
    check: () => null,
  },
  {
    name: 'GEOCODER_PROVIDER',
    kind: 'variable',
    purpose:
      '"local": the shipped UK outcode data in D1; "ideal-postcodes": the Ideal Postcodes API',
    check: (config) => providerProblem(config, 'GEOCODER_PROVIDER', ['ideal-postcodes'], 'local'),
  },
  {
    name: 'GEOCODER_API_KEY',
    kind: 'secret',
    purpose: 'the Ideal Postcodes key',
    check: (config) =>
      config.text('GEOCODER_PROVIDER') === 'ideal-postcodes'
        ? keyProblem(config, 'GEOCODER_API_KEY', 'so store search would fail')
        : null,
  },
  {
    name: 'HOSTNAME_PROVIDER',
    kind: 'variable',
    purpose:
      'brands\' own domains: "local" (any name active on its next check) or "cloudflare" (Cloudflare for SaaS)',
    check: (config) => providerProblem(config, 'HOSTNAME_PROVIDER', ['cloudflare'], 'local'),
  },
  {
    name: 'CLOUDFLARE_ZONE_ID',
    kind: 'variable',
    purpose: "the zone whose custom hostnames carry the brands' domains",
    check: (config) =>
      config.text('HOSTNAME_PROVIDER') === 'cloudflare'
        ? idProblem(config, 'CLOUDFLARE_ZONE_ID', 'so brand domains could not be added')
        : null,
  },
  {
    name: 'CLOUDFLARE_API_TOKEN',
    kind: 'secret',
    purpose: 'a token with SSL and Certificates edit on the zone',
    check: (config) =>
      config.text('HOSTNAME_PROVIDER') === 'cloudflare'
        ? keyProblem(config, 'CLOUDFLARE_API_TOKEN', 'so brand domains could not be added')
        : null,
  },
  {
    name: 'MAP_TILES_URL',
    kind: 'variable',
    purpose:
      "the tracking map's tile provider (https://…/{z}/{x}/{y}.png); empty: the local base map, a development tool",
    check: (config) =>
      config.text('MAP_TILES_URL') === ''
        ? 'MAP_TILES_URL is empty, so the tracking map would need the local base map (development only)'
        : httpsProblem(config, 'MAP_TILES_URL', true),
  },
  {
    name: 'MAP_TILES_ATTRIBUTION',
    kind: 'variable',
    purpose: "the attribution the tile provider's licence asks for",
    check: (config) =>
      config.text('MAP_TILES_URL') !== '' && config.text('MAP_TILES_ATTRIBUTION') === ''
        ? "MAP_TILES_ATTRIBUTION is empty; the tile provider's licence asks for one"
        : null,
  },
  {
    name: 'ROBOT_CHECK_PROVIDER',
    kind: 'variable',
    purpose:
      'coupon robot check: "local" accepts a development token; "turnstile" verifies Turnstile',
    check: (config) => providerProblem(config, 'ROBOT_CHECK_PROVIDER', ['turnstile'], 'local'),
  },
  {
    name: 'TURNSTILE_SITE_KEY',
    kind: 'variable',
    purpose: 'the Turnstile site key the basket page renders the widget with',
    check: (config) =>
      config.text('ROBOT_CHECK_PROVIDER') === 'turnstile'
        ? idProblem(config, 'TURNSTILE_SITE_KEY', 'so the basket could not show the robot check')
        : null,
  },
  {
    name: 'TURNSTILE_SECRET_KEY',
    kind: 'secret',
    purpose: 'the Turnstile secret for siteverify',
    check: (config) =>
      config.text('ROBOT_CHECK_PROVIDER') === 'turnstile'
        ? keyProblem(config, 'TURNSTILE_SECRET_KEY', 'so every robot check would fail')
        : null,
  },
  {
    name: 'MESSAGING_PROVIDER',
    kind: 'variable',
    purpose: 'emails and texts: "local" writes them to the development mailbox; "http" sends them',
    check: (config) => providerProblem(config, 'MESSAGING_PROVIDER', ['http'], 'local'),
  },
  {
    name: 'MESSAGING_API_URL',
    kind: 'variable',
    purpose: "the email/SMS provider's https endpoint",
    check: (config) =>
      config.text('MESSAGING_PROVIDER') === 'http'
        ? httpsProblem(config, 'MESSAGING_API_URL', true)
        : null,
  },
  {
    name: 'MESSAGING_API_KEY',
    kind: 'secret',
    purpose: "the email/SMS provider's key",
    check: (config) =>
      config.text('MESSAGING_PROVIDER') === 'http'
        ? keyProblem(config, 'MESSAGING_API_KEY', 'so no email or text would be sent')
        : null,
  },
  {
    name: 'MARKETING_PROVIDER',
    kind: 'variable',
    purpose: 'marketing calls: "local" records them in D1; "iterable" calls Iterable',
    check: (config) => providerProblem(config, 'MARKETING_PROVIDER', ['iterable'], 'local'),
  },
  {
    name: 'ITERABLE_API_KEY',
    kind: 'secret',
    purpose: 'the Iterable server-side API key',
    check: (config) =>
      config.text('MARKETING_PROVIDER') === 'iterable'
        ? keyProblem(config, 'ITERABLE_API_KEY', 'so every marketing call would be refused')
        : null,
  },
  {
    name: 'SOCIAL_SIGN_IN',
    kind: 'variable',
    purpose:
      '"sandbox": the sandbox identity provider (development only); "live": Google, Apple and Facebook',
    check: (config) => providerProblem(config, 'SOCIAL_SIGN_IN', ['live'], 'sandbox'),
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    kind: 'variable',
    purpose: 'our Google client ids (comma-separated, web first); empty hides Google sign-in',
    check: (config) => optionalIdProblem(config, 'GOOGLE_CLIENT_ID'),
  },
  {
    name: 'FACEBOOK_APP_ID',
    kind: 'variable',
    purpose: 'our Facebook app ids; empty hides Facebook sign-in',
    check: (config) => optionalIdProblem(config, 'FACEBOOK_APP_ID'),
  },
  {
    name: 'APPLE_CLIENT_ID',
    kind: 'variable',
    purpose: 'our Apple services ids; empty hides Apple sign-in',
    check: (config) => optionalIdProblem(config, 'APPLE_CLIENT_ID'),
  },
  {
    name: 'CLOCK_NOW',
    kind: 'variable',
    purpose: "development and test only: pins the app's clock to an instant",
    check: (config) =>
      config.text('CLOCK_NOW') === ''
        ? null
        : `CLOCK_NOW is "${config.text('CLOCK_NOW')}"; only development and test may pin the clock`,
  },
  {
    name: 'STOREFRONT_FAULTS',
    kind: 'variable',
    purpose: 'development and test only: fails a share of D1 writes and provider calls (ADR 037)',
    check: (config) =>
      config.text('STOREFRONT_FAULTS') === ''
        ? null
        : `STOREFRONT_FAULTS is "${config.text('STOREFRONT_FAULTS')}"; only development and test may inject faults`,
  },
  {
    name: 'SENTRY_DSN',
    kind: 'secret',
    purpose: "optional: a Sentry-compatible project's DSN for error reports (ADR 041)",
    check: sentryDsnProblem,
  },
  {
    name: 'SESSION_SECRET',
    kind: 'secret',
    purpose: 'signs session and access tokens; 32 random bytes',
    check: (config) => secretProblem(config, 'SESSION_SECRET'),
  },
  {
    name: 'AUTH_PEPPER',
    kind: 'secret',
    purpose: 'mixed into every password hash (ADR 009); 32 random bytes, never rotated',
    check: (config) => secretProblem(config, 'AUTH_PEPPER'),
  },
]

/** APP_ENV as one of the environments, or 'unknown' (refused like production). */
export function appEnvironmentOf(config: ConfigurationSource): AppEnvironment | 'unknown' {
  const value = typeof config.APP_ENV === 'string' ? config.APP_ENV.trim() : ''
  return (APP_ENVIRONMENTS as ReadonlyArray<string>).includes(value)
    ? (value as AppEnvironment)
    : 'unknown'
}

/**
 * Every reason this configuration must not serve, in the table's order: none in development and
 * test; outside them, each local or sandbox provider, placeholder, missing or weak secret.
 */
export function configurationProblems(config: ConfigurationSource): Array<ConfigurationProblem> {
  const appEnv = appEnvironmentOf(config)
  if (appEnv !== 'unknown' && developmentToolsEnabled(appEnv)) return []
  const view = new ConfigurationView(config, appEnv)
  const problems: Array<ConfigurationProblem> = []
  for (const setting of SETTINGS) {
    const problem = setting.check(view)
    if (problem !== null) problems.push({ name: setting.name, problem })
  }
  return problems
}
