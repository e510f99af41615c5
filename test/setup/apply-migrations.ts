import { env } from 'cloudflare:test'
import { applyMigrations } from '../support/workers/migrate.ts'

// Safe to re-run: migrations already recorded in d1_migrations are skipped.
await applyMigrations(env.DB, env.TEST_MIGRATIONS)
// The directory of shards (ADR 047): small, and every backend call reads it. The second shard is
// migrated only by the files that place a business on it (test/support/workers/shards.ts).
if (env.DIRECTORY) await applyMigrations(env.DIRECTORY, env.TEST_DIRECTORY_MIGRATIONS)
