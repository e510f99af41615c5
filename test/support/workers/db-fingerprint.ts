import { env } from 'cloudflare:test'

/*
 * What "changed nothing" means in a test: every table's row count and a hash of its rows, taken
 * before and after a request and compared.
 */

/** Each table's row count and a hash of its rows (virtual tables are read through their own). */
export async function fingerprint(): Promise<Record<string, string>> {
  const { results: tables } = await env.DB.prepare(
    // Not sqlite_sequence: AUTOINCREMENT's counters (ADR 063) move on an insert an upsert turned
    // into an update, which leaves every row as it was; ids may have gaps, never repeats.
    `select name from sqlite_master where type = 'table' and name not like '\\_cf\\_%' escape '\\'
       and name != 'sqlite_sequence' and sql not like 'CREATE VIRTUAL TABLE%' order by name`
  ).all<{ name: string }>()
  const reads = await env.DB.batch(
    tables.map(({ name }) => env.DB.prepare(`select * from "${name}"`))
  )
  const prints: Record<string, string> = {}
  for (const [index, { name }] of tables.entries()) {
    const rows = reads[index]?.results ?? []
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(JSON.stringify(rows))
    )
    prints[name] = `${rows.length} rows, ${btoa(String.fromCharCode(...new Uint8Array(digest)))}`
  }
  return prints
}

export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>
): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name])
}
