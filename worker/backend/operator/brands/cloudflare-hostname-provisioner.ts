import { MESSAGES } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'
import type {
  HostnameProvisioner,
  HostnameState,
  HostnameStatus,
  VerificationRecord,
} from './hostname-provisioner.ts'

const API = 'https://api.cloudflare.com/client/v4'

/** The parts of a Cloudflare custom hostname we read (API v4, /zones/{zone}/custom_hostnames). */
interface CustomHostname {
  id: string
  hostname: string
  status?: string
  ssl?: {
    status?: string
    validation_records?: Array<{
      txt_name?: string
      txt_value?: string
      http_url?: string
      http_body?: string
      cname?: string
      cname_target?: string
    }>
    validation_errors?: Array<{ message?: string }>
  }
  ownership_verification?: { type?: string; name?: string; value?: string }
  verification_errors?: Array<string>
}

interface Envelope {
  success: boolean
  errors?: Array<{ code?: number; message?: string }>
  result?: CustomHostname | null
}

// Hostname statuses that will not become active without someone acting (Cloudflare's words).
const FAILED_HOSTNAME = new Set(['blocked', 'moved', 'deleted', 'test_blocked', 'test_failed'])

/** Cloudflare's hostname and certificate states as ours: active only when both are. */
export function hostnameState(hostname: CustomHostname): HostnameState {
  const status = hostname.status ?? 'pending'
  const ssl = hostname.ssl?.status ?? 'initializing'
  if (FAILED_HOSTNAME.has(status) || ssl.endsWith('_timed_out') || ssl === 'expired')
    return 'failed'
  return status === 'active' && ssl === 'active' ? 'active' : 'pending'
}

/** The records Cloudflare asks the domain's owner to publish: ownership, then certificate. */
export function verificationRecords(hostname: CustomHostname): Array<VerificationRecord> {
  const records: Array<VerificationRecord> = []
  const ownership = hostname.ownership_verification
  if (ownership?.name && ownership.value) {
    records.push({ type: 'TXT', name: ownership.name, value: ownership.value })
  }
  for (const record of hostname.ssl?.validation_records ?? []) {
    if (record.txt_name && record.txt_value) {
      records.push({ type: 'TXT', name: record.txt_name, value: record.txt_value })
    }
    if (record.http_url && record.http_body) {
      records.push({ type: 'HTTP', name: record.http_url, value: record.http_body })
    }
    if (record.cname && record.cname_target) {
      records.push({ type: 'CNAME', name: record.cname, value: record.cname_target })
    }
  }
  return records
}

function statusOf(hostname: CustomHostname): HostnameStatus {
  const problems = [
    ...(hostname.verification_errors ?? []),
    ...(hostname.ssl?.validation_errors ?? []).flatMap((error) =>
      error.message ? [error.message] : []
    ),
  ]
  return {
    providerId: hostname.id,
    status: hostnameState(hostname),
    sslStatus: hostname.ssl?.status ?? null,
    records: verificationRecords(hostname),
    message: problems.length > 0 ? problems.join(' ') : null,
  }
}

export interface CloudflareHostnameOptions {
  zoneId: string
  apiToken: string
  /** SSL validation: 'http' (the domain already points here) or 'txt' (a DNS record first). */
  sslMethod?: 'http' | 'txt'
  fetch: typeof fetch
}

/**
 * Cloudflare for SaaS (HOSTNAME_PROVIDER = "cloudflare"): each brand domain is a custom hostname
 * of the zone CLOUDFLARE_ZONE_ID with a DV certificate, called with the secret
 * CLOUDFLARE_API_TOKEN. A refusal or an outage is an upstream_error; nothing is stored then.
 */
export class CloudflareHostnameProvisioner implements HostnameProvisioner {
  constructor(private readonly options: CloudflareHostnameOptions) {}

  async create(host: string): Promise<HostnameStatus> {
    const answer = await this.call('POST', '', {
      hostname: host,
      ssl: { method: this.options.sslMethod ?? 'http', type: 'dv' },
    })
    return statusOf(answer)
  }

  async get(providerId: string): Promise<HostnameStatus> {
    return statusOf(await this.call('GET', `/${encodeURIComponent(providerId)}`))
  }

  async delete(providerId: string): Promise<void> {
    await this.call('DELETE', `/${encodeURIComponent(providerId)}`, undefined, true)
  }

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    goneIsFine = false
  ): Promise<CustomHostname> {
    const url = `${API}/zones/${encodeURIComponent(this.options.zoneId)}/custom_hostnames${path}`
    let response: Response
    try {
      response = await this.options.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch (cause) {
      throw new AppError('upstream_error', MESSAGES.hostnameProviderFailed, { cause })
    }
    if (goneIsFine && response.status === 404) return { id: '', hostname: '' }
    const envelope = (await response.json().catch(() => null)) as Envelope | null
    if (!response.ok || !envelope?.success || (!envelope.result && method !== 'DELETE')) {
      const reason =
        envelope?.errors?.map((error) => error.message).join('; ') || `HTTP ${response.status}`
      throw new AppError('upstream_error', MESSAGES.hostnameProviderFailed, {
        cause: new Error(`Cloudflare custom hostnames ${method}: ${reason}`),
      })
    }
    return envelope.result ?? { id: '', hostname: '' }
  }
}
