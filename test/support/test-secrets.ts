/**
 * Secrets of the test run, independent of any .dev.vars (CI has none): 43 characters each, like
 * the 32 random bytes setup-local generates. The Workers pool binds them (test/vitest.config.ts),
 * so `env` and the fixtures' `testEnv` sign and verify alike.
 */
export const TEST_SECRETS = {
  SESSION_SECRET: 'test-session-secret-0123456789abcdefghijklmn',
  AUTH_PEPPER: 'test-auth-pepper-0123456789abcdefghijklmnopq',
} as const
