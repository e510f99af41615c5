import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { giveFreshIdBand, idBandOf } from '../../../worker/backend/directory/repo.ts'
import { moveBusiness } from '../../../worker/backend/directory/move-repo.ts'
import { effectStatement } from '../../../worker/backend/effects/repo.ts'
import { FIRST_MOVE_BAND, ID_BAND_SIZE, idFloorSql } from '../../../worker/backend/id-bands.ts'
import { directory, place, secondShard } from '../../support/workers/shards.ts'

/*
 * ADR 063: every key of a shard is AUTOINCREMENT and each shard's counters start at its band, so
 * two shards that have both taken rows never hold one id, and a business moves between them (a
 * move that, with each shard's own rowids, was refused on a clash: shard-ids.test.ts). A move
 * into a shard of a lower band gives it a fresh band above every band.
 */

const at = new Date('2026-11-30T06:00:00Z')
let shard2: D1Database

async function addBusiness(db: D1Database, name: string): Promise<number> {
  const row = await db
    .prepare('insert into businesses (name, legal_name) values (?1, ?1) returning id')
    .bind(name)
    .first<{ id: number }>()
  return row?.id ?? -1
}

async function addEffect(db: D1Database, businessId: number, key: string): Promise<number> {
  await effectStatement(db, { businessId, key, kind: 'test', payload: { key } }, at).run()
  const row = await db
    .prepare('select id from effects where effect_key = ?1')
    .bind(key)
    .first<{ id: number }>()
  return row?.id ?? -1
}

const floor = (db: D1Database, band: number) =>
  db.batch(idFloorSql(band).map((statement) => db.prepare(statement)))

beforeAll(async () => {
  shard2 = await secondShard()
  // As the migration steps leave them: DB in band 0, SHARD_2 in band 1.
  await floor(env.DB, 0)
  await floor(shard2, 1)
}, 120_000)

describe('bands of ids (ADR 063)', () => {
  it('give each shard ids of its own band, in every table', async () => {
    const first = await addBusiness(env.DB, 'Band Zero')
    const second = await addBusiness(shard2, 'Band One')
    expect(first).toBeLessThan(ID_BAND_SIZE)
    expect(second).toBe(ID_BAND_SIZE + 1)
    const effect = await addEffect(shard2, second, 'band-one:1')
    expect(effect).toBeGreaterThan(ID_BAND_SIZE)
    expect(effect).toBeLessThan(2 * ID_BAND_SIZE)
  })

  it('move a business between two shards that have both taken rows, and back, without a clash', async () => {
    const stays = await addBusiness(env.DB, 'Stays on DB')
    const moves = await addBusiness(shard2, 'Moves to DB')
    await place(stays, 'DB')
    await place(moves, 'SHARD_2')
    const staying = await addEffect(env.DB, stays, 'stays:1')
    const moving = await addEffect(shard2, moves, 'moves:1')
    const shards = { DB: env.DB, SHARD_2: shard2 }

    const report = await moveBusiness({
      directory: directory(),
      shards,
      businessId: moves,
      to: 'DB',
    })

    expect(report.tables.find((t) => t.table === 'effects')?.rows).toBe(1)
    const moved = await env.DB.prepare('select id, business_id from effects where effect_key = ?1')
      .bind('moves:1')
      .first()
    expect(moved).toEqual({ id: moving, business_id: moves })
    // Rows of band 1 would lift DB's counters into SHARD_2's band: DB takes a fresh band instead.
    const band = await idBandOf(directory(), 'DB')
    expect(band).toBeGreaterThanOrEqual(FIRST_MOVE_BAND)
    const next = await addEffect(env.DB, stays, 'stays:2')
    expect(next).toBe((band ?? 0) * ID_BAND_SIZE + 1)
    const onShard2 = await addEffect(shard2, await addBusiness(shard2, 'Later'), 'later:1')
    expect(onShard2).toBeLessThan(2 * ID_BAND_SIZE)
    expect(staying).toBeLessThan(ID_BAND_SIZE)

    // And back: its rows keep their ids, SHARD_2's counters are already above them.
    const back = await moveBusiness({
      directory: directory(),
      shards,
      businessId: moves,
      to: 'SHARD_2',
    })
    expect(back.tables).toEqual(report.tables)
    expect(await idBandOf(directory(), 'SHARD_2')).toBeNull()
  }, 60_000)

  it('hand each fresh band above every band given, one each', async () => {
    await place(9_001, 'SHARD_2')
    const bands = await Promise.all(
      Array.from({ length: 2 }, (_, i) =>
        giveFreshIdBand(directory(), i === 0 ? 'SHARD_2' : 'DB', FIRST_MOVE_BAND)
      )
    )
    expect(new Set(bands).size).toBe(2)
    for (const band of bands) expect(band).toBeGreaterThanOrEqual(FIRST_MOVE_BAND)
  })
})
