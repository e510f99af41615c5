import { describe, expect, it } from 'vitest'
import { deepLinkFromQuery } from '../../../worker/pages/catalogue/deep-link.ts'
import { deepLinkPath, outcomeOf } from '../../../worker/pages/catalogue/deep-link-action.ts'

const OPENED = { ok: true as const, storeSlug: 'york', basketCleared: false }

describe('the page a resolved deep link opens', () => {
  it('opens the store, its category, an item, a deal or the restored basket', () => {
    expect(deepLinkPath(OPENED)).toBe('/stores/york')
    expect(deepLinkPath({ ...OPENED, categoryId: 7 })).toBe('/stores/york?category=7')
    expect(deepLinkPath({ ...OPENED, itemSlug: 'milk', categorySlug: 'dairy' })).toBe(
      '/stores/york/category/dairy/milk'
    )
    expect(deepLinkPath({ ...OPENED, dealSlug: 'two-for-three' })).toBe(
      '/stores/york/deal/two-for-three'
    )
    expect(deepLinkPath({ ...OPENED, basketToken: 'shared' })).toBe('/basket')
  })

  it('maps each refusal code to what the storefront does', () => {
    const refusal = (
      errorCode: 'STORE_SEARCH_REQUIRED' | 'INCOMPATIBLE_STORE' | 'UNRECOVERABLE_ERROR'
    ) => outcomeOf({ ok: false, errorCode, message: '' })
    expect(refusal('STORE_SEARCH_REQUIRED')).toEqual({ kind: 'search' })
    expect(refusal('INCOMPATIBLE_STORE')).toEqual({ kind: 'confirm' })
    expect(refusal('UNRECOVERABLE_ERROR')).toEqual({ kind: 'failed' })
    expect(outcomeOf(OPENED)).toEqual({ kind: 'go', path: '/stores/york' })
  })
})

describe('deep link parameters for every action', () => {
  const query = (search: string) => deepLinkFromQuery(new URLSearchParams(search))

  it('reads item, deal and shared-basket links, with the platform', () => {
    expect(query('dl_action=item&dl_store=3&dl_item=9&dl_platform=ios')).toMatchObject({
      action: 'item',
      storeId: 3,
      itemId: 9,
      platform: 'ios',
    })
    expect(query('dl_action=deal&dl_store=3&dl_deal=4')).toMatchObject({ dealId: 4 })
    expect(query('dl_action=basket&dl_basket=tok')).toMatchObject({ basketToken: 'tok' })
  })

  it('drops links missing what their action needs', () => {
    expect(query('dl_action=item&dl_store=3')).toBeNull()
    expect(query('dl_action=deal&dl_store=3')).toBeNull()
    expect(query('dl_action=basket&dl_store=3')).toBeNull()
    expect(query('dl_action=store&dl_platform=tv&dl_store=3')).toBeNull()
  })
})
