import { applyD1Migrations, env } from 'cloudflare:test'

// Safe to re-run: applyD1Migrations skips migrations already recorded in d1_migrations.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
