import { describe, expect, it } from 'vitest'
import { parseMoveArguments } from '../../../scripts/shard-move/arguments.ts'

/* `npm run shard:move` (ADR 047): its arguments, every mistake named before anything is opened. */

describe('the shard move’s arguments', () => {
  it('takes a business, a shard of the list and where', () => {
    expect(parseMoveArguments(['7', 'SHARD_2', '--remote', '--env', 'production'])).toEqual({
      ok: true,
      move: { businessId: 7, to: 'SHARD_2', remote: true, env: 'production', settleSeconds: 30 },
    })
    expect(parseMoveArguments(['7', 'DB', '--local', '--settle', '0'])).toMatchObject({
      ok: true,
      move: { remote: false, env: null, settleSeconds: 0 },
    })
  })

  it('names every mistake', () => {
    expect(parseMoveArguments(['0', 'SHARD_9', '--local', '--remote', '--settle', 'soon'])).toEqual(
      {
        ok: false,
        errors: [
          '--settle "soon" is not a number of seconds (0–999)',
          '--local and --remote: say one',
          '"0" is not a business id',
          '"SHARD_9" is not a shard; the shards are DB, SHARD_2',
        ],
      }
    )
  })
})
