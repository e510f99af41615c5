import { isLoopbackName } from '../../../../schemas/host-name.ts'
import type { HostnameProvisioner, HostnameStatus } from './hostname-provisioner.ts'

// A stable token per host, shaped like the ones a real provider asks to publish.
async function token(host: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`local:${host}`))
  return [...new Uint8Array(digest).slice(0, 16)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
}

/**
 * The local default (HOSTNAME_PROVIDER = "local"), behaving like the sandbox gateways: a
 * `*.localhost` name is active at once (the browser reaches it without DNS); any other name is
 * pending with the TXT and HTTP records Cloudflare for SaaS would ask for, and is active on the
 * next check, as if the operator had published them. It keeps no state: the id names the host.
 */
export class LocalHostnameProvisioner implements HostnameProvisioner {
  async create(host: string): Promise<HostnameStatus> {
    if (isLoopbackName(host)) return this.active(host)
    const value = await token(host)
    return {
      providerId: `local:${host}`,
      status: 'pending',
      sslStatus: 'pending_validation',
      records: [
        { type: 'TXT', name: `_cf-custom-hostname.${host}`, value },
        {
          type: 'HTTP',
          name: `http://${host}/.well-known/pki-validation/${value}.txt`,
          value: `ca3-${value}`,
        },
      ],
      message: 'Waiting for the domain’s verification records.',
    }
  }

  async get(_providerId: string, host: string): Promise<HostnameStatus> {
    return this.active(host)
  }

  async delete(): Promise<void> {}

  private active(host: string): HostnameStatus {
    return {
      providerId: `local:${host}`,
      status: 'active',
      sslStatus: 'active',
      records: [],
      message: null,
    }
  }
}
