import { defineConfig } from '@playwright/test'

// Run through scripts/e2e.ts, which builds, seeds and starts `vite preview` on E2E_PORT.
const port = Number(process.env.E2E_PORT ?? 5599)

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  // Two cores shared with the preview server and workerd: one browser at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Budgets, not waits: a passing journey never reaches them. They are sized for a loaded 2-core
  // machine (CI shares it), where a password hash, an axe scan and a page render each take
  // several times as long as on an idle one; every step waits on what the page shows.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download cannot reach its host here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
})
