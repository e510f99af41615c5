import { describe, expect, it } from 'vitest'
import { setBounded } from '../../../worker/lib/bounded-map.ts'

describe('setBounded', () => {
  it('keeps at most the bound, dropping the oldest first', () => {
    const memo = new Map<string, number>()
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) setBounded(memo, key, index, 3)
    expect([...memo.keys()]).toEqual(['b', 'c', 'd'])
  })

  it('makes a key set again the newest, so it outlives keys set after it first', () => {
    const memo = new Map([
      ['a', 1],
      ['b', 2],
    ])
    setBounded(memo, 'a', 10, 2)
    setBounded(memo, 'c', 3, 2)
    expect([...memo.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ])
  })
})
