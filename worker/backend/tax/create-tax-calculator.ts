import { developmentToolsEnabled } from '../../../schemas/development.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { localTaxCalculator } from './local-tax-calculator.ts'
import { StripeTaxCalculator } from './stripe-tax-calculator.ts'
import type { TaxCalculator } from './tax-calculator.ts'

/** The bindings the choice reads; STRIPE_TAX_API_KEY is a secret, absent locally. */
export interface TaxCalculatorEnv {
  APP_ENV: string
  STRIPE_TAX_API_KEY?: string
}

/** A business's choice (businesses.tax_provider, ADR 055). */
export const TAX_PROVIDERS = ['local', 'stripe-tax'] as const
export type TaxProvider = (typeof TAX_PROVIDERS)[number]

export function isTaxProvider(value: unknown): value is TaxProvider {
  return typeof value === 'string' && (TAX_PROVIDERS as ReadonlyArray<string>).includes(value)
}

// Fails every calculation: checkout then refuses the order rather than charge a tax nobody
// worked out (fail closed, as ADR 036's adapters do).
function unavailable(problem: string, config: string): TaxCalculator {
  return {
    calculate: () => {
      logError(new Error(problem), { config })
      return Promise.reject(new AppError('upstream_error', MESSAGES.taxServiceFailed))
    },
  }
}

/**
 * The tax calculator of a business whose prices exclude tax: its `tax_provider`. 'local' (the
 * small rate table) only where development tools are (development, test): elsewhere it is no
 * tax engine. 'stripe-tax' needs STRIPE_TAX_API_KEY. A refused choice rejects every call with
 * upstream_error and logs what to fix.
 *
 * @example const tax = await createTaxCalculator(env, 'stripe-tax').calculate(request)
 */
export function createTaxCalculator(
  env: TaxCalculatorEnv,
  provider: string,
  fetcher: typeof fetch = (input, init) => fetch(input, init)
): TaxCalculator {
  if (provider === 'local') {
    if (developmentToolsEnabled(env.APP_ENV)) return localTaxCalculator
    return unavailable(
      `a business adds tax with the local rate table under APP_ENV "${env.APP_ENV}"; choose "stripe-tax"`,
      'tax_provider'
    )
  }
  if (provider === 'stripe-tax') {
    const apiKey = env.STRIPE_TAX_API_KEY?.trim()
    if (apiKey)
      return new StripeTaxCalculator({ apiKey, fetch: (input, init) => fetcher(input, init) })
    return unavailable(
      'a business adds tax with Stripe Tax but STRIPE_TAX_API_KEY is not set (wrangler secret put STRIPE_TAX_API_KEY)',
      'STRIPE_TAX_API_KEY'
    )
  }
  return unavailable(
    `tax_provider "${provider}" is not one of ${TAX_PROVIDERS.join(', ')}`,
    'tax_provider'
  )
}
