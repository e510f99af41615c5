import type { MarketingLogEntry } from '../../schemas/marketing.ts'
import { Layout, type PageChrome } from '../components/Layout.tsx'

export interface DevMarketingPageProps {
  chrome: PageChrome
  events: Array<MarketingLogEntry>
}

// The Iterable endpoint each recorded kind stands for.
const ENDPOINTS: Readonly<Record<MarketingLogEntry['kind'], string>> = {
  user_update: 'users/update',
  event: 'events/track',
  purchase: 'commerce/trackPurchase',
  cart_update: 'commerce/updateCart',
}

function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}

/** The development marketing log: what the local marketing service recorded, newest first. */
export function DevMarketingPage({ chrome, events }: DevMarketingPageProps) {
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Development marketing log
        </h1>
        <p className="mt-2 text-ink/80">
          Calls the local marketing service recorded instead of sending them to Iterable (newest
          first), each with the body Iterable would receive. Not available in production.
        </p>
        {events.length === 0 ? (
          <p className="mt-6 rounded-xl bg-tint p-4">No marketing calls yet.</p>
        ) : (
          <ol className="mt-6 space-y-4" aria-label="Marketing calls">
            {events.map((event) => (
              <li
                key={event.id}
                className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="font-bold">
                    <span className="mr-2 rounded-full bg-tint px-2 py-0.5 text-xs font-semibold tracking-wide">
                      {ENDPOINTS[event.kind]}
                    </span>
                    {event.eventName ?? event.kind.replace('_', ' ')}
                  </h2>
                  <time dateTime={event.createdAt} className="text-sm text-ink/70">
                    {event.createdAt.replace('T', ' ').slice(0, 19)} UTC
                  </time>
                </div>
                <p className="mt-1 text-sm break-all">User: {event.userKey}</p>
                <pre className="mt-3 overflow-x-auto rounded-lg bg-tint p-3 text-xs">
                  {pretty(event.payload)}
                </pre>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Layout>
  )
}
