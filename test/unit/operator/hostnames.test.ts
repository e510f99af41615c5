import { describe, expect, it } from 'vitest'
import { CloudflareHostnameProvisioner } from '../../../worker/backend/operator/brands/cloudflare-hostname-provisioner.ts'
import { createHostnameProvisioner } from '../../../worker/backend/operator/brands/create-hostname-provisioner.ts'
import { domainName } from '../../../schemas/host-name.ts'
import { LocalHostnameProvisioner } from '../../../worker/backend/operator/brands/local-hostname-provisioner.ts'
import { AppError } from '../../../worker/lib/errors.ts'

describe('domainName', () => {
  it('normalises like the request host and refuses what is not a domain', () => {
    expect(domainName(' Shop.Example.COM:443 ')).toBe('shop.example.com')
    expect(domainName('shop.example.com.')).toBe('shop.example.com')
    expect(domainName('fresh.localhost')).toBe('fresh.localhost')
    for (const bad of [
      'https://shop.example.com',
      'shop.example.com/path',
      'localhost',
      '10.0.0.1',
      '-a.example.com',
      'a b.com',
      '',
    ]) {
      expect(domainName(bad), bad).toBeNull()
    }
  })
})

describe('the local hostname provisioner', () => {
  it('makes *.localhost active at once', async () => {
    const status = await new LocalHostnameProvisioner().create('fresh.localhost')
    expect(status).toMatchObject({ status: 'active', sslStatus: 'active', records: [] })
  })

  it('keeps another name pending with the records a provider asks for, active on the next check', async () => {
    const local = new LocalHostnameProvisioner()
    const created = await local.create('shop.example.com')
    expect(created.status).toBe('pending')
    expect(created.records.map((r) => [r.type, r.name.split('/')[0]])).toEqual([
      ['TXT', '_cf-custom-hostname.shop.example.com'],
      ['HTTP', 'http:'],
    ])
    expect((await local.get(created.providerId, 'shop.example.com')).status).toBe('active')
  })
})

/** A fetch that answers Cloudflare's envelopes and records the calls. */
function fakeCloudflare(answers: Array<{ status?: number; body: unknown }>) {
  const calls: Array<{ url: string; method: string; auth: string | null; body: unknown }> = []
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    })
    const answer = answers.shift() ?? { status: 500, body: {} }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
  }) as typeof fetch
  return { calls, fetcher }
}

const PENDING = {
  id: 'ch-123',
  hostname: 'shop.example.com',
  status: 'pending',
  ssl: {
    status: 'pending_validation',
    method: 'txt',
    type: 'dv',
    validation_records: [{ txt_name: '_acme-challenge.shop.example.com', txt_value: 'acme-token' }],
  },
  ownership_verification: {
    type: 'txt',
    name: '_cf-custom-hostname.shop.example.com',
    value: 'own-token',
  },
}

describe('the Cloudflare for SaaS provisioner', () => {
  it('creates a custom hostname with a DV certificate and maps its records', async () => {
    const { calls, fetcher } = fakeCloudflare([
      { body: { success: true, errors: [], result: PENDING } },
    ])
    const cloudflare = new CloudflareHostnameProvisioner({
      zoneId: 'zone1',
      apiToken: 'tok',
      sslMethod: 'txt',
      fetch: fetcher,
    })
    const status = await cloudflare.create('shop.example.com')
    expect(calls).toEqual([
      {
        url: 'https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames',
        method: 'POST',
        auth: 'Bearer tok',
        body: { hostname: 'shop.example.com', ssl: { method: 'txt', type: 'dv' } },
      },
    ])
    expect(status).toEqual({
      providerId: 'ch-123',
      status: 'pending',
      sslStatus: 'pending_validation',
      records: [
        { type: 'TXT', name: '_cf-custom-hostname.shop.example.com', value: 'own-token' },
        { type: 'TXT', name: '_acme-challenge.shop.example.com', value: 'acme-token' },
      ],
      message: null,
    })
  })

  it('is active only when the hostname and its certificate are, and failed when timed out', async () => {
    const active = { ...PENDING, status: 'active', ssl: { status: 'active' } }
    const timedOut = {
      ...PENDING,
      ssl: { status: 'validation_timed_out', validation_errors: [{ message: 'TXT not found' }] },
    }
    const { calls, fetcher } = fakeCloudflare([
      { body: { success: true, result: active } },
      { body: { success: true, result: timedOut } },
    ])
    const cloudflare = new CloudflareHostnameProvisioner({
      zoneId: 'zone1',
      apiToken: 'tok',
      fetch: fetcher,
    })
    expect((await cloudflare.get('ch-123')).status).toBe('active')
    expect(await cloudflare.get('ch-123')).toMatchObject({
      status: 'failed',
      message: 'TXT not found',
    })
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch-123',
      'GET https://api.cloudflare.com/client/v4/zones/zone1/custom_hostnames/ch-123',
    ])
  })

  it('deletes (a hostname already gone is fine) and turns refusals into upstream_error', async () => {
    const { calls, fetcher } = fakeCloudflare([
      { status: 404, body: { success: false, errors: [{ code: 1436, message: 'not found' }] } },
      {
        status: 409,
        body: {
          success: false,
          errors: [{ code: 1406, message: 'Duplicate custom hostname found.' }],
        },
      },
    ])
    const cloudflare = new CloudflareHostnameProvisioner({
      zoneId: 'zone1',
      apiToken: 'tok',
      fetch: fetcher,
    })
    await cloudflare.delete('ch-123')
    expect(calls[0]?.method).toBe('DELETE')
    const refused = await cloudflare.create('shop.example.com').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('upstream_error')
  })
})

describe('createHostnameProvisioner', () => {
  it('picks the adapter HOSTNAME_PROVIDER names; a missing secret fails calls as upstream_error', async () => {
    const local = createHostnameProvisioner({ HOSTNAME_PROVIDER: 'local', CLOUDFLARE_ZONE_ID: '' })
    expect(local).toBeInstanceOf(LocalHostnameProvisioner)
    const { calls, fetcher } = fakeCloudflare([{ body: { success: true, result: PENDING } }])
    const real = createHostnameProvisioner(
      { HOSTNAME_PROVIDER: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone9', CLOUDFLARE_API_TOKEN: 'tok' },
      fetcher
    )
    expect((await real.create('shop.example.com')).providerId).toBe('ch-123')
    expect(calls[0]?.url).toContain('/zones/zone9/custom_hostnames')
    const unset = createHostnameProvisioner({
      HOSTNAME_PROVIDER: 'cloudflare',
      CLOUDFLARE_ZONE_ID: 'zone9',
    })
    const refused = await unset.create('shop.example.com').catch((error: unknown) => error)
    expect((refused as AppError).code).toBe('upstream_error')
  })
})
