import { describe, expect, it } from 'vitest'
import { argumentProblems, parseDeployArguments } from '../../../scripts/deploy/arguments.ts'
import {
  backendUploadCommand,
  bookmarkCommand,
  buildCommand,
  migrateCommands,
  secretListCommand,
  shown,
  uploadCommand,
} from '../../../scripts/deploy/commands.ts'
import { bookmarkFrom } from '../../../scripts/deploy/d1-bookmark.ts'
import { listShardsSql, migrationSteps } from '../../../scripts/lib/database-migrations.ts'
import { idFloorSql } from '../../../worker/backend/id-bands.ts'
import { secretListFrom } from '../../../scripts/deploy/secret-list.ts'
import { afterDeployText } from '../../../scripts/deploy/smoke-checks.ts'
import { wranglerFailure } from '../../../scripts/deploy/wrangler-output.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

const DEFINED = ['staging', 'production']

const problemsFor = (argv: Array<string>) =>
  argumentProblems(parseDeployArguments(argv), DEFINED).map(({ problem }) => problem)

describe('the deploy’s arguments', () => {
  it('takes --env in each spelling, and --dry-run', () => {
    for (const argv of [['--env', 'staging'], ['--env=staging'], ['-e', 'staging']]) {
      expect(parseDeployArguments(argv)).toEqual({
        environment: 'staging',
        dryRun: false,
        refused: [],
      })
    }
    expect(parseDeployArguments(['--dry-run', '--env', 'production']).dryRun).toBe(true)
    expect(problemsFor(['--env', 'production', '--dry-run'])).toEqual([])
  })

  it('refuses a missing --env, naming the environments there are', () => {
    expect(problemsFor([])).toEqual(['--env is missing: deploy --env staging or --env production'])
    expect(problemsFor(['--env'])).toEqual([
      '--env without a name (npm run deploy -- --env <staging|production> [--dry-run])',
      '--env is missing: deploy --env staging or --env production',
    ])
  })

  it('refuses development, saying it is not deployable', () => {
    expect(problemsFor(['--env', 'development'])).toEqual([
      '--env development: development is not deployable, it runs the local stand-ins (npm run dev); deploy --env staging or --env production',
    ])
  })

  it('refuses an environment wrangler.toml does not define', () => {
    expect(problemsFor(['--env=preprod'])).toEqual([
      '--env preprod: wrangler.toml has no [env.preprod]; deploy --env staging or --env production',
    ])
  })

  it('refuses unknown options and two different environments', () => {
    expect(problemsFor(['--env', 'staging', '--force', '--env', 'production'])).toEqual([
      '"--force" is not an option (npm run deploy -- --env <staging|production> [--dry-run])',
      '--env given twice ("staging" and "production") (npm run deploy -- --env <staging|production> [--dry-run])',
    ])
  })
})

describe('the deploy’s commands', () => {
  it('builds for the environment through CLOUDFLARE_ENV', () => {
    expect(shown(buildCommand('production'))).toBe('CLOUDFLARE_ENV=production npx vite build')
  })

  it('migrates every shard and the directory, after reading each one’s Time Travel bookmark', () => {
    expect(shown(bookmarkCommand('staging'))).toBe(
      'npx wrangler d1 time-travel info DB --env staging --json'
    )
    expect(shown(bookmarkCommand('staging', 'SHARD_2'))).toBe(
      'npx wrangler d1 time-travel info SHARD_2 --env staging --json'
    )
    expect(migrateCommands('staging').map(({ args }) => args.join(' '))).toEqual([
      'd1 migrations apply DB --env staging --remote',
      'd1 migrations apply SHARD_2 --env staging --remote',
      'd1 migrations apply DIRECTORY --env staging --remote',
      `d1 execute DIRECTORY --env staging --remote --yes --command ${listShardsSql(['DB', 'SHARD_2'])}`,
      `d1 execute DB --env staging --remote --yes --command ${idFloorSql(0).join('; ')}`,
      `d1 execute SHARD_2 --env staging --remote --yes --command ${idFloorSql(1).join('; ')}`,
    ])
    expect(listShardsSql(['DB', 'SHARD_2'])).toBe(
      "insert into shards (name, id_band) values ('DB', 0), ('SHARD_2', 1) " +
        'on conflict (name) do update set id_band = excluded.id_band where shards.id_band is null'
    )
  })

  it('migrates the local databases the same way (npm run db:migrate:local)', () => {
    const steps = migrationSteps({ remote: false, persistTo: '/state' }, [
      'DB',
      'DIRECTORY',
      'SHARD_2',
    ])
    expect(steps.map((args) => args.slice(0, 4).join(' '))).toEqual([
      'd1 migrations apply DB',
      'd1 migrations apply SHARD_2',
      'd1 migrations apply DIRECTORY',
      'd1 execute DIRECTORY --local',
      'd1 execute DB --local',
      'd1 execute SHARD_2 --local',
    ])
    expect(steps.at(3)?.at(-1)).toBe(listShardsSql(['DB', 'SHARD_2']))
    expect(steps.at(-1)?.at(-1)).toBe(idFloorSql(1).join('; '))
  })

  it('uploads the build for its environment, dry only when asked', () => {
    expect(shown(uploadCommand('production', { dryRun: true }))).toBe(
      'npx wrangler deploy --env production --dry-run'
    )
    expect(shown(uploadCommand('production', { dryRun: false, message: 'git 0123abcd4567' }))).toBe(
      "npx wrangler deploy --env production --message 'git 0123abcd4567'"
    )
  })

  it('uploads the backend Worker from its own config (ADR 046)', () => {
    expect(shown(backendUploadCommand('production', { dryRun: true }))).toBe(
      'npx wrangler deploy --config wrangler.backend.toml --env production --dry-run'
    )
  })

  it('lists secrets as JSON', () => {
    expect(secretListCommand('production').args).toEqual([
      'secret',
      'list',
      '--env',
      'production',
      '--format',
      'json',
    ])
  })
})

describe('reading wrangler’s answers', () => {
  it('reads the secret names, past a banner, and never needs their values', () => {
    const stdout =
      'notice\n[\n  { "name": "SESSION_SECRET", "type": "secret_text" },\n  { "name": "AUTH_PEPPER", "type": "secret_text" }\n]\n'
    expect(secretListFrom({ status: 0, stdout, stderr: '' })).toEqual({
      listed: true,
      names: ['SESSION_SECRET', 'AUTH_PEPPER'],
    })
    expect(secretListFrom({ status: 0, stdout: '[]', stderr: '' })).toEqual({
      listed: true,
      names: [],
    })
  })

  it('says why the secrets could not be listed, in wrangler’s first sentence without colours', () => {
    const stderr =
      '\n\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1mWorker "storefront-production" (env: production) not found.\u001b[0m\n\nIf this is a new Worker, run `wrangler deploy` first to create it.\n🪵  Logs were written to "/root/.config/.wrangler/logs/x.log"\n'
    expect(secretListFrom({ status: 1, stdout: '', stderr })).toEqual({
      listed: false,
      reason: 'Worker "storefront-production" (env: production) not found.',
    })
    expect(secretListFrom({ status: 0, stdout: 'no list here', stderr: '' })).toEqual({
      listed: false,
      reason: 'it printed no JSON list',
    })
    expect(secretListFrom({ status: 0, stdout: '[{"type":"secret_text"}]', stderr: '' })).toEqual({
      listed: false,
      reason: 'it printed a secret without a name',
    })
  })

  it('keeps only the first sentence of a long error', () => {
    expect(
      wranglerFailure(
        "✘ [ERROR] In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work. Please go to https://developers.cloudflare.com/ for instructions."
      )
    ).toBe(
      "In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work."
    )
  })

  it('reads the Time Travel bookmark', () => {
    const bookmark = '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683'
    expect(bookmarkFrom(`{\n  "bookmark": "${bookmark}"\n}`)).toBe(bookmark)
    expect(bookmarkFrom('{"error": "no"}')).toBeNull()
    expect(bookmarkFrom('')).toBeNull()
  })
})

describe('after a deploy', () => {
  const text = (environment: string) =>
    afterDeployText({
      environment,
      workerName: `storefront-${environment}`,
      bookmarks: [
        { binding: 'DB', bookmark: '00000085-0000024c' },
        { binding: 'DIRECTORY', bookmark: '00000012-0000003a' },
      ],
    })

  it('lists the smoke checks for each brand host', () => {
    const production = text('production')
    expect(production).toContain(
      `npx wrangler d1 execute DB --env production --remote --command "SELECT host FROM brand_hosts WHERE environment = 'production'"`
    )
    // Every shard's hosts, not only DB's (ADR 047).
    expect(production).toContain(
      `npx wrangler d1 execute SHARD_2 --env production --remote --command "SELECT host FROM brand_hosts WHERE environment = 'production'"`
    )
    expect(production).toContain(MESSAGES.shopUnavailable)
    expect(production).toContain('https://<host>/api/openapi.json')
    expect(production).toContain('https://<host>/api/stores/search')
    expect(production).toContain('https://<host>/dev/mailbox')
    expect(production).toContain('-X POST https://<host>/sandbox-gateway/hpp/pay answer 404')
    expect(production).toContain('a small order on a real card')
    expect(production).toContain('npx wrangler tail --env production --format pretty')
    expect(text('staging')).toContain("the gateway's sandbox card 4263 9700 0000 5262")
  })

  it('says how to roll back the code and restore the database to the bookmark', () => {
    expect(text('production')).toContain(
      'npx wrangler rollback <version-id> --env production --message "<why>"'
    )
    expect(text('production')).toContain(
      'npx wrangler d1 time-travel restore DB --env production --bookmark=00000085-0000024c'
    )
    expect(text('production')).toContain(
      'npx wrangler d1 time-travel restore DIRECTORY --env production --bookmark=00000012-0000003a'
    )
  })
})
