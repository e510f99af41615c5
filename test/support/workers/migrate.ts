import type { D1Migration } from 'cloudflare:test'

/*
 * Migrates a test file's fresh database in one round trip. `applyD1Migrations` sends one batch per
 * migration (65 of them), and every Workers-pool file pays that in its set-up; here the pending
 * migrations go in a single batch, recorded in the same `d1_migrations` table, so the result is
 * the same database and a re-run still skips what is applied.
 */
export async function applyMigrations(
  db: D1Database,
  migrations: ReadonlyArray<D1Migration>
): Promise<void> {
  const [, applied] = await db.batch<{ name: string }>([
    db.prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`
    ),
    db.prepare('SELECT name FROM d1_migrations'),
  ])
  const done = new Set(applied?.results.map(({ name }) => name))
  const record = db.prepare('INSERT INTO d1_migrations (name) VALUES (?)')
  const pending = migrations
    .filter(({ name }) => !done.has(name))
    .flatMap(({ name, queries }) => [
      ...queries.map((query) => db.prepare(query)),
      record.bind(name),
    ])
  if (pending.length) await db.batch(pending)
}
