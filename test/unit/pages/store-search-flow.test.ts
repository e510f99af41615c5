import { describe, expect, it } from 'vitest'
import { storeSearchFlowPath } from '../../../client/lib/store-search.ts'
import { DEFAULT_POSTCODE_RULE, type PostcodeRule } from '../../../schemas/postcode.ts'
import {
  destinationPath,
  flowReturnPath,
  type FlowOutcomes,
  flowDestination,
  parseFlowQuery,
  shouldSelectNearest,
} from '../../../worker/pages/catalogue/store-search-flow.ts'

/** The query of a URL the search box navigates to. */
function queryOf(path: string): URLSearchParams {
  return new URL(path, 'http://localhost').searchParams
}

const rule = DEFAULT_POSTCODE_RULE

describe('parseFlowQuery', () => {
  it('reads a postcode search and normalises it with the business rule', () => {
    const parsed = parseFlowQuery(
      queryOf(storeSearchFlowPath({ kind: 'postcode', postcode: ' m11ae ' })),
      rule
    )
    expect(parsed).toEqual({ ok: true, request: { kind: 'postcode', postcode: 'M1 1AE' } })
  })

  it('sends an invalid or empty postcode back to the search box with what was typed', () => {
    expect(parseFlowQuery(queryOf('/stores-near-by?postcode=ZZ1'), rule)).toEqual({
      ok: false,
      to: { to: 'search', postcode: 'ZZ1' },
    })
    expect(parseFlowQuery(queryOf('/stores-near-by?postcode='), rule)).toEqual({
      ok: false,
      to: { to: 'search', postcode: '' },
    })
    // Only the 8 characters the box holds come back.
    expect(parseFlowQuery(queryOf('/stores-near-by?postcode=ABCDEFGHIJK'), rule)).toEqual({
      ok: false,
      to: { to: 'search', postcode: 'ABCDEFGH' },
    })
  })

  it("checks with the business's own rule, not always the UK one", () => {
    const irish: PostcodeRule = {
      countryCode: 'IE',
      pattern: '^[A-Z][0-9]{2} [A-Z0-9]{4}$',
      normalisation: 'upper_trim',
      example: 'D01 F5P2',
    }
    expect(parseFlowQuery(queryOf('/stores-near-by?postcode=d01%20f5p2'), irish)).toEqual({
      ok: true,
      request: { kind: 'postcode', postcode: 'D01 F5P2' },
    })
    expect(parseFlowQuery(queryOf('/stores-near-by?postcode=M1%201AE'), irish).ok).toBe(false)
  })

  it('reads an address suggestion with its place, skipping place details', () => {
    const path = storeSearchFlowPath({
      kind: 'address',
      placeId: 'demo-m11ae-12',
      description: '12 Oxford Road, Manchester, M1 1AE',
      postcode: 'M1 1AE',
      latitude: 53.4794,
      longitude: -2.2451,
    })
    expect(parseFlowQuery(queryOf(path), rule)).toEqual({
      ok: true,
      request: {
        kind: 'address',
        placeId: 'demo-m11ae-12',
        description: '12 Oxford Road, Manchester, M1 1AE',
        place: { postcode: 'M1 1AE', latitude: 53.4794, longitude: -2.2451 },
      },
    })
  })

  it('leaves the place to place details when the suggestion lacks coordinates or a postcode', () => {
    const bare = storeSearchFlowPath({ kind: 'address', placeId: 'p1', description: 'Somewhere' })
    expect(parseFlowQuery(queryOf(bare), rule)).toMatchObject({
      ok: true,
      request: { place: null },
    })
    const noPostcode = `${bare}&lat=53.4&lng=-2.2`
    expect(parseFlowQuery(queryOf(noPostcode), rule)).toMatchObject({ request: { place: null } })
    const badCoordinates = `${bare}&postcode=M1%201AE&lat=north&lng=-2.2`
    expect(parseFlowQuery(queryOf(badCoordinates), rule)).toMatchObject({
      request: { place: null },
    })
  })

  it("answers 'Not a valid address' when the suggestion's id or description is missing", () => {
    for (const path of [
      '/stores-near-by?description=12%20Oxford%20Road',
      '/stores-near-by?placeId=p1',
      '/stores-near-by?placeId=%20&description=x',
    ]) {
      expect(parseFlowQuery(queryOf(path), rule), path).toEqual({
        ok: false,
        to: { to: 'search', searchError: 'addressInvalid' },
      })
    }
  })

  it('reads a device location with its variant', () => {
    const path = storeSearchFlowPath({
      kind: 'device',
      latitude: 53.48,
      longitude: -2.24,
      variant: 'address',
    })
    expect(parseFlowQuery(queryOf(path), rule)).toEqual({
      ok: true,
      request: { kind: 'device', latitude: 53.48, longitude: -2.24, variant: 'address' },
    })
    expect(
      parseFlowQuery(queryOf('/stores-near-by?lat=1&lng=2&source=device&variant=x'), rule)
    ).toMatchObject({ request: { variant: 'postcode' } })
  })

  it('sends bad device coordinates back with the no-match toast', () => {
    for (const path of [
      '/stores-near-by?lat=95&lng=0&source=device',
      '/stores-near-by?lat=&lng=0&source=device',
      '/stores-near-by?lat=abc&lng=0&source=device',
      '/stores-near-by?source=device',
    ]) {
      expect(parseFlowQuery(queryOf(path), rule), path).toEqual({
        ok: false,
        to: { to: 'back', flash: 'deviceLocationNoMatch' },
      })
    }
  })

  it('treats a bare /stores-near-by as a visit to the saved results', () => {
    expect(parseFlowQuery(queryOf('/stores-near-by'), rule)).toEqual({
      ok: false,
      to: { to: 'saved-results' },
    })
  })
})

describe('flowDestination', () => {
  const base: FlowOutcomes = {
    postcode: 'M1 1AE',
    autoSelectClosestStore: false,
    deepLink: null,
    nearestStore: null,
  }

  it('shows the results when automatic selection is off', () => {
    expect(shouldSelectNearest(base)).toBe(false)
    expect(flowDestination(base)).toEqual({ to: 'results', postcode: 'M1 1AE' })
  })

  it('opens the selected nearest store when automatic selection is on', () => {
    const on = { ...base, autoSelectClosestStore: true }
    expect(shouldSelectNearest(on)).toBe(true)
    expect(flowDestination({ ...on, nearestStore: { slug: 'manchester-deansgate' } })).toEqual({
      to: 'store',
      slug: 'manchester-deansgate',
    })
  })

  it('falls back to the results when no store is found or selecting fails', () => {
    const on = { ...base, autoSelectClosestStore: true }
    expect(flowDestination({ ...on, nearestStore: 'none' })).toEqual({
      to: 'results',
      postcode: 'M1 1AE',
    })
    expect(flowDestination({ ...on, nearestStore: 'failed' })).toEqual({
      to: 'results',
      postcode: 'M1 1AE',
    })
  })

  it('resumes a deep link before anything else, with its category', () => {
    const resumed = {
      ...base,
      autoSelectClosestStore: true,
      deepLink: { path: '/stores/york?category=7' },
    }
    expect(shouldSelectNearest(resumed)).toBe(false)
    expect(flowDestination({ ...resumed, nearestStore: { slug: 'leeds' } })).toEqual({
      to: 'path',
      path: '/stores/york?category=7',
    })
  })

  it('navigates by default when the deep link fails', () => {
    const failedOff = { ...base, deepLink: 'failed' as const }
    expect(flowDestination(failedOff)).toEqual({ to: 'results', postcode: 'M1 1AE' })
    const failedOn = { ...failedOff, autoSelectClosestStore: true }
    expect(shouldSelectNearest(failedOn)).toBe(true)
    expect(flowDestination({ ...failedOn, nearestStore: { slug: 'leeds' } })).toEqual({
      to: 'store',
      slug: 'leeds',
    })
  })
})

describe('destinationPath', () => {
  const context = { back: '/faqs', savedPostcode: null, returnTo: null }

  it('builds store and results paths', () => {
    expect(destinationPath({ to: 'store', slug: 'york' }, context)).toBe('/stores/york')
    expect(destinationPath({ to: 'results', postcode: 'M1 1AE' }, context)).toBe(
      '/stores-near-by/M1%201AE'
    )
  })

  it('goes back to the search box with the typed postcode or the error key', () => {
    expect(destinationPath({ to: 'search', postcode: 'ZZ1' }, context)).toBe(
      '/?postcode=ZZ1#store-search'
    )
    expect(destinationPath({ to: 'search', searchError: 'addressInfoFailed' }, context)).toBe(
      '/?searchError=addressInfoFailed#store-search'
    )
  })

  it('goes back, or to the saved results', () => {
    expect(destinationPath({ to: 'back', flash: 'deviceLocationNoMatch' }, context)).toBe('/faqs')
    expect(destinationPath({ to: 'saved-results' }, context)).toBe('/#store-search')
    expect(destinationPath({ to: 'saved-results' }, { ...context, savedPostcode: 'M1 1AE' })).toBe(
      '/stores-near-by/M1%201AE'
    )
  })

  it('returns to the page that asked for the location, with the search box error there', () => {
    const asked = { ...context, returnTo: '/stores/york/time-slots?method=delivery&change=1' }
    expect(destinationPath({ to: 'return' }, asked)).toBe(asked.returnTo)
    expect(destinationPath({ to: 'back', flash: 'deviceLocationNoMatch' }, asked)).toBe(
      asked.returnTo
    )
    expect(destinationPath({ to: 'search', postcode: 'ZZ1' }, asked)).toBe(
      '/stores/york/time-slots?method=delivery&change=1&postcode=ZZ1#location-prompt'
    )
    expect(destinationPath({ to: 'search', searchError: 'addressInvalid' }, asked)).toBe(
      '/stores/york/time-slots?method=delivery&change=1&searchError=addressInvalid#location-prompt'
    )
  })
})

describe('flowReturnPath', () => {
  it('takes a path of this site only', () => {
    const of = (value: string) => flowReturnPath(new URLSearchParams({ returnTo: value }))
    expect(of('/stores/york/time-slots?change=1')).toBe('/stores/york/time-slots?change=1')
    expect(of('https://evil.example/')).toBeNull()
    expect(of('//evil.example/x')).toBeNull()
    expect(of('/\\evil.example')).toBeNull()
    expect(of('javascript:alert(1)')).toBeNull()
    expect(flowReturnPath(new URLSearchParams())).toBeNull()
  })
})
