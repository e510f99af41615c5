import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateDemoData } from '../../scripts/demo-data/generate.ts'
import { datasetToSql } from '../../scripts/demo-data/sql.ts'
import { readDemoInput } from '../../scripts/lib/demo-input.ts'
import { rebuildSql, schemaBefore } from '../../scripts/lib/id-rebuild.ts'
import { PROJECT_ROOT } from '../../scripts/lib/wrangler.ts'
import {
  FIRST_MOVE_BAND,
  ID_BAND_SIZE,
  bandOfShardName,
  idFloorSql,
} from '../../worker/backend/id-bands.ts'

/*
 * ADR 063: the migration that makes every key of a shard AUTOINCREMENT, run on the demo data with
 * foreign keys on (as D1 runs it), keeps every row, key, index and trigger; and a shard's counters
 * start at its band. Here, in the project that runs on Node, because it reads the migrations and
 * the demo data's files and runs them on Node's SQLite (the pool's D1 runs it too:
 * test/integration/backend/id-bands.test.ts).
 */

const REBUILD = '0115_ids_autoincrement.sql'

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Every table's row count and a digest of its rows (sorted: a table may have no rowid). */
function fingerprint(db: DatabaseSync): Record<string, string> {
  const tables = db
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
       order by name`
    )
    .all() as Array<{ name: string }>
  return Object.fromEntries(
    tables.map(({ name }) => {
      const rows = db
        .prepare(`select * from ${quote(name)}`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort()
      const digest = createHash('sha256').update(rows.join('\n')).digest('hex')
      return [name, `${rows.length}:${digest}`]
    })
  )
}

const schemaOf = (db: DatabaseSync) =>
  db
    .prepare(
      `select m.type, m.name, m.tbl_name, f."table" as parent, f."from", f."to", f.on_delete
       from sqlite_master m left join pragma_foreign_key_list(m.name) f
       where m.name not like 'sqlite_%' order by 1, 2, 5`
    )
    .all()

const migrationText = () => readFileSync(join(PROJECT_ROOT, 'migrations', REBUILD), 'utf8')

function withDemoData(): DatabaseSync {
  const db = schemaBefore(REBUILD)
  db.exec('begin')
  for (const statement of datasetToSql(generateDemoData(readDemoInput()))) db.exec(statement)
  db.exec('commit')
  return db
}

function rebuilt(db: DatabaseSync): DatabaseSync {
  db.exec('begin')
  db.exec(migrationText())
  db.exec('commit')
  return db
}

// The demo data before and after the rebuild, made once (seeding it takes seconds).
let demo: DatabaseSync
let before: Record<string, string>
let schema: Array<unknown>

beforeAll(() => {
  demo = withDemoData()
  before = fingerprint(demo)
  schema = schemaOf(demo)
  rebuilt(demo)
}, 120_000)

describe('the AUTOINCREMENT rebuild', { timeout: 60_000 }, () => {
  it('is the file the generator writes for the schema before it', () => {
    expect(migrationText()).toBe(rebuildSql(schemaBefore(REBUILD)))
  })

  it('keeps every row, key, index, trigger and full-text index of the demo data', () => {
    expect(Object.values(before).some((entry) => !entry.startsWith('0:'))).toBe(true)
    expect(fingerprint(demo)).toEqual(before)
    expect(schemaOf(demo)).toEqual(schema)
    expect(demo.prepare('pragma foreign_key_check').all()).toEqual([])
    expect(demo.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' })
    expect(
      demo.prepare(`select name from sqlite_master where instr(sql, '__new') > 0`).all()
    ).toEqual([])
    // The full-text indexes still follow their tables: a renamed item is found by its new name.
    demo.exec(`insert into menu_items_fts (menu_items_fts) values ('integrity-check')`)
    const item = demo.prepare('select id from menu_items order by id limit 1').get() as {
      id: number
    }
    demo.prepare(`update menu_items set name = 'Zanzibar Quokka Crisps' where id = ?`).run(item.id)
    const found = demo
      .prepare(`select rowid from menu_items_fts where menu_items_fts match 'quokka'`)
      .all() as Array<{ rowid: number }>
    expect(found.map((row) => row.rowid)).toEqual([item.id])
  })

  it('makes every integer key AUTOINCREMENT, so an id is never given twice', () => {
    const db = rebuilt(schemaBefore(REBUILD))
    const plain = db
      .prepare(
        `select m.name from sqlite_master m join pragma_table_info(m.name) c on c.pk = 1
         where m.type = 'table' and lower(c.type) = 'integer'
           and (select count(*) from pragma_table_info(m.name) where pk > 0) = 1
           and m.sql not like '%autoincrement%' and m.sql not like '%without rowid%'
           and m.sql not like 'create virtual%' and m.name not like '%fts%'`
      )
      .all()
    expect(plain).toEqual([])
    db.exec(`insert into businesses (name, legal_name) values ('Gone', 'Gone Ltd')`)
    db.exec(`delete from businesses where name = 'Gone'`)
    const again = db
      .prepare(`insert into businesses (name, legal_name) values ('Next', 'Next Ltd') returning id`)
      .get() as { id: number }
    expect(again.id).toBe(2)
  })
})

describe('bands of ids', { timeout: 60_000 }, () => {
  it('names each shard’s band after it, and leaves the bands above for moves', () => {
    expect(bandOfShardName('DB')).toBe(0)
    expect(bandOfShardName('SHARD_2')).toBe(1)
    expect(bandOfShardName('SHARD_4096')).toBe(4095)
    expect(bandOfShardName('SHARD_4097')).toBeNull()
    expect(bandOfShardName('SHARD_0')).toBeNull()
    expect(bandOfShardName('DIRECTORY')).toBeNull()
    expect(() => idFloorSql(-1)).toThrow(RangeError)
    expect(() => idFloorSql(1.5)).toThrow(RangeError)
    expect(FIRST_MOVE_BAND * ID_BAND_SIZE).toBeLessThan(Number.MAX_SAFE_INTEGER)
  })

  it('starts a shard’s counters at its band, and never takes one back', () => {
    const largest = (demo.prepare('select max(id) as id from menu_items').get() as { id: number })
      .id
    for (const statement of idFloorSql(1)) demo.exec(statement)
    for (const statement of idFloorSql(1)) demo.exec(statement)

    const business = demo
      .prepare(
        `insert into businesses (name, legal_name) values ('Banded', 'Banded Ltd') returning id`
      )
      .get() as { id: number }
    expect(business.id).toBe(ID_BAND_SIZE + 1)
    // A table with no counter before starts at the floor too.
    const counters = demo
      .prepare(`select count(*) as n from sqlite_sequence where seq < ?`)
      .get(ID_BAND_SIZE) as { n: number }
    expect(counters.n).toBe(0)
    // A lower band changes nothing: a counter never goes back.
    for (const statement of idFloorSql(0)) demo.exec(statement)
    const next = demo
      .prepare(
        `insert into businesses (name, legal_name) values ('Later', 'Later Ltd') returning id`
      )
      .get() as { id: number }
    expect(next.id).toBe(ID_BAND_SIZE + 2)
    expect(largest).toBeLessThan(ID_BAND_SIZE)
  })
})
