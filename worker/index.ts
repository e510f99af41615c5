import { createApp } from './app.ts'
import { scheduled } from './scheduled.ts'

/** The storefront worker: the app of worker/app.ts and the scheduled jobs. */
export default { fetch: createApp().fetch, scheduled } satisfies ExportedHandler<Env>
