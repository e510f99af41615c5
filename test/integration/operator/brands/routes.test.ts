import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BrandSchema } from '../../../../schemas/brand.ts'
import { BrandDetailSchema, BrandDomainSchema } from '../../../../schemas/operator-brands.ts'
import { backend } from '../../../../worker/local-backend.ts'
import { checkPendingDomains } from '../../../../worker/backend/operator/brands/service.ts'
import { LocalHostnameProvisioner } from '../../../../worker/backend/operator/brands/local-hostname-provisioner.ts'
import { OTHER_GROCER } from '../../../support/workers/seed.ts'
import { pngBytes } from '../../../support/upload-files.ts'
import { testEnv } from '../../auth/fixtures.ts'
import { auditRows, type OperatorWorld, operatorCall, operatorWorld } from '../fixtures.ts'
import { brandFields, GOOD_COLOURS } from '../sweep/brands.ts'

let world: OperatorWorld
beforeAll(async () => {
  world = await operatorWorld()
})

const fieldsOf = (json: unknown) =>
  (json as { error: { fields?: Array<{ field: string; message: string }> } }).error.fields

async function resolves(host: string): Promise<number> {
  const res = await backend.request(`/brands/resolve?host=${host}`, {}, env)
  return res.status
}

async function createBrand(slug: string) {
  const res = await operatorCall('/staff/operator/brands/create', brandFields(slug), world.operator)
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  return BrandDetailSchema.parse(res.json)
}

async function uploadLogo(brandId: number): Promise<number> {
  const form = new FormData()
  form.set('businessId', '1')
  form.set('brandId', String(brandId))
  form.set('kind', 'logo')
  form.append('file[]', new File([pngBytes()], 'logo.png', { type: 'image/png' }))
  const res = await backend.request(
    '/staff/operator/brands/image',
    { method: 'POST', headers: { authorization: `Bearer ${world.operator}` }, body: form },
    testEnv
  )
  return res.status
}

describe('brands', () => {
  it('refuses a palette under WCAG AA naming the pair and its ratio, writing nothing', async () => {
    const audits = (await auditRows()).length
    const res = await operatorCall(
      '/staff/operator/brands/create',
      { ...brandFields('low-contrast'), colors: { ...GOOD_COLOURS, primaryText: '#9ca3af' } },
      world.operator
    )
    expect(res.status).toBe(422)
    expect(fieldsOf(res.json)).toEqual([
      {
        field: 'colors.primaryText',
        message: 'Primary text on primary is 3.6:1; it must be at least 4.5:1.',
      },
    ])
    expect(
      await env.DB.prepare("select 1 from brands where slug = 'low-contrast'").first()
    ).toBeNull()
    expect((await auditRows()).length).toBe(audits)
  })

  it('creates a brand that is not live, audited in its batch, and refuses a taken slug', async () => {
    const brand = await createBrand('fresh-corner')
    expect(brand).toMatchObject({ isActive: false, font: 'system', domains: [] })
    const [row] = await auditRows()
    expect(row).toMatchObject({
      staff_id: world.operatorStaffId,
      action: 'brand.create',
      entity: 'brand',
      entity_id: brand.id,
      summary: 'Brand Sweep Brand created',
    })
    const again = await operatorCall(
      '/staff/operator/brands/create',
      brandFields('fresh-corner'),
      world.operator
    )
    expect(again.status).toBe(422)
    expect(fieldsOf(again.json)).toEqual([
      { field: 'slug', message: 'Another brand already uses this slug.' },
    ])
  })

  it('lists only the business’s own brands', async () => {
    const res = await operatorCall('/staff/operator/brands/list', {}, world.operator)
    const ids = (res.json as { brands: Array<{ id: number }> }).brands.map((b) => b.id)
    expect(ids).toContain(world.own.brandId)
    expect(ids).not.toContain(OTHER_GROCER.brandId)
  })
})

describe('domains', () => {
  it('serves a *.localhost domain once the brand is live, with its font', async () => {
    const brand = await createBrand('loopback-shop')
    const attach = await operatorCall(
      '/staff/operator/brands/domains/attach',
      { brandId: brand.id, host: 'Loopback.Localhost:5541', environment: 'local' },
      world.operator
    )
    expect(BrandDomainSchema.parse(attach.json)).toMatchObject({
      host: 'loopback.localhost',
      status: 'active',
      serving: true,
    })
    // Not live: its host does not resolve for shoppers.
    expect(await resolves('loopback.localhost')).toBe(404)
    const early = await operatorCall(
      '/staff/operator/brands/live',
      { brandId: brand.id, live: true },
      world.operator
    )
    expect(fieldsOf(early.json)).toEqual([
      { field: 'live', message: 'Upload a logo before taking the brand live.' },
    ])
    expect(await uploadLogo(brand.id)).toBe(200)
    await operatorCall(
      '/staff/operator/brands/update',
      { brandId: brand.id, ...brandFields('loopback-shop'), font: 'rounded' },
      world.operator
    )
    const live = await operatorCall(
      '/staff/operator/brands/live',
      { brandId: brand.id, live: true },
      world.operator
    )
    expect(live.status).toBe(200)
    const res = await backend.request('/brands/resolve?host=loopback.localhost', {}, env)
    const resolved = BrandSchema.parse(await res.json())
    expect(resolved).toMatchObject({ id: brand.id, font: 'rounded', hostEnvironment: 'local' })
    // The logo is shown at the header's 40 px height, its width in ratio (1×1 → 40×40).
    expect(resolved.logo).toMatchObject({ width: 40, height: 40 })
    expect(resolved.logo.url).toMatch(/^\/media\/b1\/brand\//)
  })

  it('keeps another name pending (not serving) until a check finds it active', async () => {
    const brand = await createBrand('pending-shop')
    const attach = await operatorCall(
      '/staff/operator/brands/domains/attach',
      { brandId: brand.id, host: 'shop.pending.example', environment: 'production' },
      world.operator
    )
    const domain = BrandDomainSchema.parse(attach.json)
    expect(domain).toMatchObject({ status: 'pending', serving: false })
    expect(domain.records.map((r) => r.type)).toEqual(['TXT', 'HTTP'])
    expect(
      await env.DB.prepare("select 1 from brand_hosts where host = 'shop.pending.example'").first()
    ).toBeNull()
    const check = await operatorCall(
      '/staff/operator/brands/domains/check',
      { brandId: brand.id, host: 'shop.pending.example' },
      world.operator
    )
    expect(BrandDomainSchema.parse(check.json)).toMatchObject({ status: 'active', serving: true })
    expect((await auditRows())[0]).toMatchObject({ action: 'brand_domain.status' })
  })

  it('lets the cron activate pending domains', async () => {
    const brand = await createBrand('cron-shop')
    await operatorCall(
      '/staff/operator/brands/domains/attach',
      { brandId: brand.id, host: 'shop.cron.example' },
      world.operator
    )
    const activated = await checkPendingDomains(
      env.DB,
      new LocalHostnameProvisioner(),
      '2026-11-25T12:00:00.000Z'
    )
    expect(activated).toContain('shop.cron.example')
    expect(
      await env.DB.prepare(
        "select brand_id from brand_hosts where host = 'shop.cron.example'"
      ).first()
    ).toEqual({ brand_id: brand.id })
  })

  it('refuses a domain another business has, without saying whose, and a malformed one', async () => {
    for (const [host, message] of [
      [OTHER_GROCER.host, 'This domain is already in use.'],
      [
        'https://shop.example.com/',
        'Enter a domain name such as shop.example.com, without https:// or a path.',
      ],
    ] as const) {
      const res = await operatorCall(
        '/staff/operator/brands/domains/attach',
        { brandId: world.own.brandId, host },
        world.operator
      )
      expect(res.status).toBe(422)
      expect(fieldsOf(res.json)).toEqual([{ field: 'host', message }])
    }
  })

  it('detaches a domain: it stops serving', async () => {
    const brand = await createBrand('detach-shop')
    await operatorCall(
      '/staff/operator/brands/domains/attach',
      { brandId: brand.id, host: 'detach.localhost' },
      world.operator
    )
    const res = await operatorCall(
      '/staff/operator/brands/domains/detach',
      { brandId: brand.id, host: 'detach.localhost' },
      world.operator
    )
    expect(res.json).toEqual({ host: 'detach.localhost' })
    expect(
      await env.DB.prepare("select 1 from brand_hosts where host = 'detach.localhost'").first()
    ).toBeNull()
    expect((await auditRows())[0]).toMatchObject({ action: 'brand_domain.detach' })
  })
})

describe('settings and the postcode rule', () => {
  it('checks a section by its schema, with errors by path', async () => {
    const bad = await operatorCall(
      '/staff/operator/brands/settings',
      { brandId: world.own.brandId, section: 'store', settings: { autoSelectClosestStore: 'yes' } },
      world.operator
    )
    expect(bad.status).toBe(422)
    expect(fieldsOf(bad.json)?.[0]?.field).toBe('settings.autoSelectClosestStore')
    const good = await operatorCall(
      '/staff/operator/brands/settings',
      {
        brandId: world.own.brandId,
        section: 'store',
        settings: { enableStoresSearchByAddress: true, autoSelectClosestStore: false },
      },
      world.operator
    )
    expect(BrandDetailSchema.parse(good.json).settings.store.enableStoresSearchByAddress).toBe(true)
  })

  it('refuses a pattern that does not compile or does not match its example', async () => {
    const broken = await operatorCall(
      '/staff/operator/brands/postcode-rule',
      { countryCode: 'GB', pattern: '^[A-Z', normalisation: 'uk', example: 'M1 1AE' },
      world.operator
    )
    expect(fieldsOf(broken.json)).toEqual([
      { field: 'pattern', message: 'This is not a valid regular expression.' },
    ])
    const mismatch = await operatorCall(
      '/staff/operator/brands/postcode-rule',
      { countryCode: 'GB', pattern: '^\\d{5}$', normalisation: 'uk', example: 'M1 1AE' },
      world.operator
    )
    expect(fieldsOf(mismatch.json)).toEqual([
      { field: 'example', message: 'The example does not match the pattern.' },
    ])
  })
})
