import { beforeEach, describe, expect, it } from 'vitest'
import { clearSpeculativeIds, speculate } from '../../../worker/lib/speculative-ids.ts'

beforeEach(() => clearSpeculativeIds())

/** A load that records the ids it was started with and answers what it read for them. */
function recordingLoad(fail?: (storeId: number) => boolean) {
  const started: Array<number> = []
  const load = ({ storeId }: { storeId: number }) => {
    started.push(storeId)
    if (fail?.(storeId)) return Promise.reject(new Error(`store ${storeId} is gone`))
    return Promise.resolve(`catalogue of store ${storeId}`)
  }
  return { started, load }
}

describe('speculate', () => {
  it('loads once with the real ids when nothing was seen under the key yet', async () => {
    const { started, load } = recordingLoad()
    const catalogueFor = speculate('b1:store:high-street', load)
    expect(started).toEqual([])
    expect(await catalogueFor({ storeId: 7 })).toBe('catalogue of store 7')
    expect(started).toEqual([7])
  })

  it('starts the next request at once with the ids seen before, and uses that read when they still hold', async () => {
    const first = recordingLoad()
    await speculate('b1:store:high-street', first.load)({ storeId: 7 })
    const next = recordingLoad()
    const catalogueFor = speculate('b1:store:high-street', next.load)
    // Started before the page knows the store: that is the round trip saved.
    expect(next.started).toEqual([7])
    expect(await catalogueFor({ storeId: 7 })).toBe('catalogue of store 7')
    expect(next.started).toEqual([7])
  })

  it('reads again with the real ids when the slug now names another store, and remembers them', async () => {
    await speculate('b1:store:high-street', recordingLoad().load)({ storeId: 7 })
    const moved = recordingLoad()
    expect(await speculate('b1:store:high-street', moved.load)({ storeId: 9 })).toBe(
      'catalogue of store 9'
    )
    expect(moved.started).toEqual([7, 9])
    const after = recordingLoad()
    await speculate('b1:store:high-street', after.load)({ storeId: 9 })
    expect(after.started).toEqual([9])
  })

  it('never surfaces the failure of a wrong guess, and fails as the real read does', async () => {
    await speculate('b1:store:high-street', recordingLoad().load)({ storeId: 7 })
    const unhandled: Array<unknown> = []
    const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason)
    addEventListener('unhandledrejection', onUnhandled)
    try {
      const gone = recordingLoad((storeId) => storeId === 7)
      expect(await speculate('b1:store:high-street', gone.load)({ storeId: 9 })).toBe(
        'catalogue of store 9'
      )
      const real = recordingLoad(() => true)
      await expect(speculate('b1:store:high-street', real.load)({ storeId: 9 })).rejects.toThrow(
        'store 9 is gone'
      )
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(unhandled).toEqual([])
    } finally {
      removeEventListener('unhandledrejection', onUnhandled)
    }
  })

  it('keeps the guesses of different pages and ids apart', async () => {
    await speculate('b1:category:high-street:fruit', recordingLoad().load)({ storeId: 7 })
    const other = recordingLoad()
    await speculate('b2:category:high-street:fruit', other.load)({ storeId: 3 })
    expect(other.started).toEqual([3])
  })
})
