import { MESSAGES } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'
import { logError } from '../../../lib/log.ts'
import { CloudflareHostnameProvisioner } from './cloudflare-hostname-provisioner.ts'
import type { HostnameProvisioner } from './hostname-provisioner.ts'
import { LocalHostnameProvisioner } from './local-hostname-provisioner.ts'

/** The bindings the choice reads; CLOUDFLARE_API_TOKEN is a secret, absent locally. */
export type HostnameProvisionerEnv = Pick<Env, 'HOSTNAME_PROVIDER' | 'CLOUDFLARE_ZONE_ID'> & {
  CLOUDFLARE_API_TOKEN?: string
}

export const HOSTNAME_PROVIDERS = ['local', 'cloudflare'] as const

// A misconfiguration fails every call like an outage: nothing is stored, the operator is told.
function unavailable(): HostnameProvisioner {
  const fail = (): Promise<never> =>
    Promise.reject(new AppError('upstream_error', MESSAGES.hostnameProviderFailed))
  return { create: fail, get: fail, delete: fail }
}

/**
 * The provisioner HOSTNAME_PROVIDER names (ADR 028): 'local' (the default) or 'cloudflare'
 * (Cloudflare for SaaS with CLOUDFLARE_ZONE_ID and the secret CLOUDFLARE_API_TOKEN).
 *
 * @example await createHostnameProvisioner(c.env).create('shop.example.com')
 */
export function createHostnameProvisioner(
  env: HostnameProvisionerEnv,
  fetcher: typeof fetch = (input, init) => fetch(input, init)
): HostnameProvisioner {
  const provider = env.HOSTNAME_PROVIDER?.trim() || 'local'
  if (provider === 'local') return new LocalHostnameProvisioner()
  if (provider === 'cloudflare') {
    const apiToken = env.CLOUDFLARE_API_TOKEN?.trim()
    const zoneId = env.CLOUDFLARE_ZONE_ID?.trim()
    if (apiToken && zoneId)
      return new CloudflareHostnameProvisioner({ apiToken, zoneId, fetch: fetcher })
    logError(
      new Error(
        'HOSTNAME_PROVIDER is "cloudflare" but CLOUDFLARE_ZONE_ID or CLOUDFLARE_API_TOKEN is not set'
      ),
      { config: 'CLOUDFLARE_API_TOKEN' }
    )
    return unavailable()
  }
  logError(
    new Error(
      `HOSTNAME_PROVIDER "${provider}" is not one of ${HOSTNAME_PROVIDERS.join(', ')}; set it in wrangler.toml [vars]`
    ),
    { config: 'HOSTNAME_PROVIDER' }
  )
  return unavailable()
}
