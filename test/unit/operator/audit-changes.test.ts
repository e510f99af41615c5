import { describe, expect, it } from 'vitest'
import { auditChanges } from '../../../worker/pages/store/operator/audit/audit-changes.ts'
import { PURGE_AREAS, scopesOf } from '../../../worker/lib/cache-purge.ts'
import { BACKEND_EDGE_ROUTES } from '../../../worker/backend/edge-routes.ts'

describe('auditChanges', () => {
  it('lists only the fields whose values differ, nested values as JSON', () => {
    expect(
      auditChanges(
        { name: 'Ancoats', fee: 250, hours: [{ day: 0, opens: '08:00' }], phone: null },
        { name: 'Ancoats', fee: 300, hours: [{ day: 0, opens: '09:00' }], phone: null }
      )
    ).toEqual([
      { field: 'fee', before: '250', after: '300' },
      {
        field: 'hours',
        before: '[{"day":0,"opens":"08:00"}]',
        after: '[{"day":0,"opens":"09:00"}]',
      },
    ])
  })

  it('shows a creation as every field from nothing and a deletion as every field to nothing', () => {
    expect(auditChanges(null, { code: 'SAVE5' })).toEqual([
      { field: 'code', before: '—', after: 'SAVE5' },
    ])
    expect(auditChanges({ code: 'SAVE5' }, null)).toEqual([
      { field: 'code', before: 'SAVE5', after: '—' },
    ])
  })

  it('treats a plain value as one field and an unchanged thing as no change', () => {
    expect(auditChanges(3, 4)).toEqual([{ field: 'value', before: '3', after: '4' }])
    expect(auditChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([])
  })
})

describe('purge areas', () => {
  it('name only scopes the proxy caches, and every cached scope belongs to some area', () => {
    const named = scopesOf(Object.keys(PURGE_AREAS) as Array<keyof typeof PURGE_AREAS>)
    const cachedScopes = BACKEND_EDGE_ROUTES.cacheRules().map(([, rule]) => rule.scope)
    expect(cachedScopes).toContain('recommended-items')
    expect(named.filter((scope) => !cachedScopes.includes(scope))).toEqual([])
    expect(cachedScopes.filter((scope) => !named.includes(scope))).toEqual([])
  })

  it('lists each scope once when areas share it', () => {
    const scopes = scopesOf(['catalogue', 'promotions'])
    expect(new Set(scopes).size).toBe(scopes.length)
    expect(scopes).toContain('banners')
  })
})
