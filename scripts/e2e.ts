// End-to-end run: production build, fresh local state with the demo data, `vite preview` on a
// free port, Playwright against it; the server is always stopped. Usage: node scripts/e2e.ts
// [playwright args…]. Ports 5500–5599 only (E2E_PORT picks the first one tried). Every journey
// runs at the pinned instant of test/support/test-clock.ts (TEST_NOW moves it).
import { playwright, startPreviewServer } from './lib/preview-server.ts'

const started = Date.now()
const server = await startPreviewServer()
const passed = await playwright(process.argv.slice(2)).finally(async () => {
  await server.stop()
  console.log(`e2e: finished in ${((Date.now() - started) / 1000).toFixed(1)}s`)
})
process.exit(passed ? 0 : 1)
