import { describe, expect, it } from 'vitest'
import {
  configurationProblems,
  SECRET_IS_SET,
  SETTINGS,
} from '../../../worker/lib/deployment-config.ts'
import { OPERATOR_VALUES, PRODUCTION_SECRETS } from '../../support/production-values.ts'

// A production configuration that passes: every live provider named, every secret strong.
const GOOD: Readonly<Record<string, unknown>> = {
  APP_ENV: 'production',
  BACKEND_URL: '',
  PAYMENTS_MODE: 'live',
  CARD_GATEWAY: 'realex',
  REALEX_ACCOUNT: 'internet',
  FRAMES_PUBLIC_KEY: '',
  APPLE_PAY_MERCHANT_ID: '',
  GOOGLE_PAY_MERCHANT_ID: '',
  SITEMAP_ENVIRONMENTS: 'production',
  GEOCODER_PROVIDER: 'ideal-postcodes',
  HOSTNAME_PROVIDER: 'cloudflare',
  ROBOT_CHECK_PROVIDER: 'turnstile',
  MESSAGING_PROVIDER: 'http',
  MARKETING_PROVIDER: 'iterable',
  SOCIAL_SIGN_IN: 'live',
  GOOGLE_CLIENT_ID: '',
  FACEBOOK_APP_ID: '',
  APPLE_CLIENT_ID: '',
  CLOCK_NOW: '',
  ...OPERATOR_VALUES,
  ...PRODUCTION_SECRETS,
}

const problems = (overrides: Record<string, unknown> = {}) =>
  configurationProblems({ ...GOOD, ...overrides }).map(({ name, problem }) => `${name}: ${problem}`)

describe('the configuration table', () => {
  it('lists each setting once', () => {
    const names = SETTINGS.map((setting) => setting.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('passes a production configuration with live providers and strong secrets', () => {
    expect(problems()).toEqual([])
  })

  it('never refuses development or test, whatever they run', () => {
    for (const appEnv of ['development', 'test']) {
      expect(configurationProblems({ APP_ENV: appEnv, PAYMENTS_MODE: 'sandbox' })).toEqual([])
    }
  })

  it('refuses an APP_ENV it does not know, and checks the rest as production', () => {
    expect(problems({ APP_ENV: 'Production' })).toEqual([
      'APP_ENV: APP_ENV "Production" is not one of development, test, staging, production',
    ])
    expect(problems({ APP_ENV: 'prod', SOCIAL_SIGN_IN: 'sandbox' })).toContain(
      'SOCIAL_SIGN_IN: SOCIAL_SIGN_IN is "sandbox", the local stand-in; this environment needs "live"'
    )
    expect(problems({ APP_ENV: undefined })).toHaveLength(1)
  })

  it('names each local stand-in, and what to use instead', () => {
    expect(
      problems({
        GEOCODER_PROVIDER: 'local',
        MESSAGING_PROVIDER: '',
        SOCIAL_SIGN_IN: 'sandbox',
        HOSTNAME_PROVIDER: 'cloudflre',
      })
    ).toEqual([
      'GEOCODER_PROVIDER: GEOCODER_PROVIDER is "local", the local stand-in; production needs "ideal-postcodes"',
      'HOSTNAME_PROVIDER: HOSTNAME_PROVIDER "cloudflre" is not a provider; production needs "cloudflare"',
      'MESSAGING_PROVIDER: MESSAGING_PROVIDER is "local", the local stand-in; production needs "http"',
      'SOCIAL_SIGN_IN: SOCIAL_SIGN_IN is "sandbox", the local stand-in; production needs "live"',
    ])
  })

  it('takes sandbox payments in staging only, and never the local sandbox card page', () => {
    expect(problems({ PAYMENTS_MODE: 'sandbox' })).toEqual([
      'PAYMENTS_MODE: PAYMENTS_MODE is "sandbox"; production takes "live" payments only',
      'APPLE_PAY_MERCHANT_ID: APPLE_PAY_MERCHANT_ID is empty in sandbox mode, so the sandbox Apple Pay sheet would stand in',
      'GOOGLE_PAY_MERCHANT_ID: GOOGLE_PAY_MERCHANT_ID is empty in sandbox mode, so the sandbox Google Pay sheet would stand in',
    ])
    const staging = {
      APP_ENV: 'staging',
      PAYMENTS_MODE: 'sandbox',
      APPLE_PAY_MERCHANT_ID: 'merchant.com.grocer',
      APPLE_PAY_CERTIFICATE: true,
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T',
    }
    expect(problems(staging)).toEqual([])
    expect(problems({ ...staging, REALEX_MERCHANT_ID: '' })).toEqual([
      'REALEX_MERCHANT_ID: REALEX_MERCHANT_ID is empty, so the local sandbox card page would take orders',
    ])
    expect(problems({ ...staging, APPLE_PAY_CERTIFICATE: undefined })).toEqual([
      'APPLE_PAY_CERTIFICATE: APPLE_PAY_CERTIFICATE is not bound, but APPLE_PAY_MERCHANT_ID is set ([[mtls_certificates]])',
    ])
  })

  it('asks the frames gateway for its keys instead of Realex’s', () => {
    const frames = {
      CARD_GATEWAY: 'frames',
      REALEX_MERCHANT_ID: '',
      REALEX_REBATE_PASSWORD: undefined,
    }
    expect(problems(frames)).toEqual([
      'FRAMES_PUBLIC_KEY: FRAMES_PUBLIC_KEY is empty, so the local sandbox frames would take orders',
      'FRAMES_SECRET_KEY: FRAMES_SECRET_KEY is not set, so card payments would fail (wrangler secret put FRAMES_SECRET_KEY)',
    ])
    expect(
      problems({ ...frames, FRAMES_PUBLIC_KEY: 'pk_live_x1', FRAMES_SECRET_KEY: 'sk' })
    ).toEqual([])
  })

  it('refuses missing, weak, placeholder and test secrets, and takes a set one it cannot read', () => {
    expect(
      problems({
        SESSION_SECRET: undefined,
        AUTH_PEPPER: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        REALEX_SHARED_SECRET: 'replace-with-32-random-bytes-base64url',
        MESSAGING_API_KEY: '  ',
      })
    ).toEqual([
      'REALEX_SHARED_SECRET: REALEX_SHARED_SECRET is a placeholder, not a secret',
      'MESSAGING_API_KEY: MESSAGING_API_KEY is not set, so no email or text would be sent (wrangler secret put MESSAGING_API_KEY)',
      'SESSION_SECRET: SESSION_SECRET is not set (wrangler secret put SESSION_SECRET)',
      'AUTH_PEPPER: AUTH_PEPPER is weak: fewer than 8 distinct characters',
    ])
    expect(problems({ SESSION_SECRET: 'x7Kp2' })).toEqual([
      'SESSION_SECRET: SESSION_SECRET is weak: shorter than 32 characters',
    ])
    expect(
      problems({ SESSION_SECRET: 'test-session-secret-0123456789abcdefghijklmnopqrstuv' })
    ).toEqual(['SESSION_SECRET: SESSION_SECRET is a test value'])
    expect(problems({ SESSION_SECRET: SECRET_IS_SET, AUTH_PEPPER: SECRET_IS_SET })).toEqual([])
  })

  it('refuses placeholder ids, plain-http addresses and a pinned clock', () => {
    expect(
      problems({
        CLOUDFLARE_ZONE_ID: '00000000000000000000000000000000',
        GOOGLE_CLIENT_ID: 'your-client-id.apps.googleusercontent.com',
        MESSAGING_API_URL: 'http://api.grocer-mail.net',
        BACKEND_URL: 'backend.internal',
        MAP_TILES_ATTRIBUTION: '',
        CLOCK_NOW: '2027-01-01T00:00:00Z',
      })
    ).toEqual([
      'BACKEND_URL: BACKEND_URL must be an https:// address, not "backend.internal"',
      'CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE_ID is a placeholder ("00000000000000000000000000000000"), so brand domains could not be added',
      "MAP_TILES_ATTRIBUTION: MAP_TILES_ATTRIBUTION is empty; the tile provider's licence asks for one",
      'MESSAGING_API_URL: MESSAGING_API_URL must be an https:// address, not "http://api.grocer-mail.net"',
      'GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID is a placeholder ("your-client-id.apps.googleusercontent.com")',
      'CLOCK_NOW: CLOCK_NOW is "2027-01-01T00:00:00Z"; only development and test may pin the clock',
    ])
  })

  it('takes no error-reporting DSN or a real-looking one, and refuses a set one that is not a DSN', () => {
    expect(problems({ SENTRY_DSN: undefined })).toEqual([])
    expect(problems({ SENTRY_DSN: 'https://0123abcd@o12345.ingest.sentry.io/4507' })).toEqual([])
    expect(problems({ SENTRY_DSN: SECRET_IS_SET })).toEqual([])
    const dsnShape =
      'SENTRY_DSN: SENTRY_DSN must look like https://<public key>@<host>/<project id>'
    expect(problems({ SENTRY_DSN: 'https://o12345.ingest.sentry.io/4507' })).toEqual([dsnShape])
    expect(problems({ SENTRY_DSN: 'http://key@errors.example.net/12' })).toEqual([dsnShape])
    expect(problems({ SENTRY_DSN: 'sentry' })).toEqual([dsnShape])
    expect(problems({ SENTRY_DSN: '<your dsn>' })).toEqual([
      'SENTRY_DSN: SENTRY_DSN is a placeholder, not a DSN',
    ])
  })
})
