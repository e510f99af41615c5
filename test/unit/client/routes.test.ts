import { describe, expect, it } from 'vitest'
import { ROUTE_PATHS, routePath } from '../../../client/lib/routes.ts'

describe('routePath', () => {
  it('returns static paths as they are', () => {
    expect(routePath('index')).toBe('/')
    expect(routePath('faq')).toBe('/faqs')
    expect(routePath('checkout-payment-card-form')).toBe('/checkout/payment/card-form')
  })

  it('fills and encodes parameters', () => {
    expect(routePath('stores-storeSlug', { storeSlug: 'deansgate' })).toBe('/stores/deansgate')
    expect(
      routePath('stores-storeSlug-category-categorySlug-menuItem-menuItemSlug', {
        storeSlug: 'a b',
        categorySlug: 'fruit/veg',
        menuItemSlug: 'apples',
      })
    ).toBe('/stores/a%20b/category/fruit%2Fveg/apples')
    expect(routePath('member-orders-orderId', { orderId: 42 })).toBe('/member/orders/42')
  })

  it('drops an optional parameter that is not given and adds a query', () => {
    expect(routePath('stores-near-by', { postcode: 'M1 1AE' })).toBe('/stores-near-by/M1%201AE')
    expect(routePath('stores-near-by', {})).toBe('/stores-near-by')
    expect(routePath('stores-near-by', {}, { lat: '53.4', lng: '-2.2' })).toBe(
      '/stores-near-by?lat=53.4&lng=-2.2'
    )
    expect(routePath('index', undefined, { postcode: 'ZZ1' })).toBe('/?postcode=ZZ1')
  })

  it('refuses to build a path without a required parameter', () => {
    // @ts-expect-error the type also requires storeSlug
    expect(() => routePath('stores-storeSlug', {})).toThrow(/storeSlug/)
  })

  it('has a unique path per route', () => {
    const paths = Object.values(ROUTE_PATHS)
    expect(new Set(paths).size).toBe(paths.length)
  })
})
