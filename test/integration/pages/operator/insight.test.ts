import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertRow } from '../../../support/workers/seed.ts'
import { seedCatalogue } from '../../catalogue/fixtures.ts'
import { seedStaff } from '../../staff/fixtures.ts'
import { pageText } from '../storefront.ts'
import { operatorPagesClient } from './console-client.ts'

/*
 * The operator's insight page (issue 44, ADR 040): charts drawn on the server as accessible SVG
 * with the table beside each, and each table as a CSV download.
 */

const { get, signIn } = operatorPagesClient('198.51.144')
const PATH = '/store/operator/insight'
const PERIOD = 'from=2026-10-24&to=2026-10-26'
let operator = ''

beforeAll(async () => {
  await seedCatalogue(env.DB)
  operator = await signIn((await seedStaff({ operator: true })).email)
  await insertRow(env.DB, 'orders', {
    businessId: 1,
    storeId: 1,
    businessOrderId: 'INSIGHT-PAGE-1',
    status: 'sent_to_store',
    statusCode: 20,
    fulfilmentMethod: 'delivery',
    fulfilmentTiming: 'asap',
    firstName: 'Pat',
    lastName: 'Shopper',
    email: 'pat@example.com',
    subtotal: 1234,
    originalTotal: 1234,
    total: 1234,
    // 00:30 BST on Sunday 25 October, the night the clocks go back.
    placedAt: '2026-10-24T23:30:00.000Z',
  }).run()
})

describe('the insight page', () => {
  it('shows each chart as a titled image with its values in a table beside it', async () => {
    const res = await get(`${PATH}?${PERIOD}`, operator)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('role="img"')
    expect(html).toMatch(/<title id="chart-sales-title">Sales by day, 2026-10-24 to 2026-10-26/)
    expect(html).toContain('<desc id="chart-sales-desc">Sales from £0.00 to £12.34.')
    const text = pageText(html)
    expect(text).toMatch(/2026-10-25\s*£12\.34/)
    expect(text).toContain('Download sales as CSV')
  })

  it('exports a table as CSV with the figures of the page', async () => {
    const res = await get(`${PATH}/export?${PERIOD}&table=sales`, operator)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await res.text()).toBe(
      'Date,Sales (GBP)\n2026-10-24,0.00\n2026-10-25,12.34\n2026-10-26,0.00\n'
    )
  })
})
