import type { MarketingLogEntry } from '../../schemas/marketing.ts'
import { DevLog, DevLogBadge } from '../components/dev/DevLog.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'

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
    <DevLog
      chrome={chrome}
      title="Development marketing log"
      intro="Calls the local marketing service recorded instead of sending them to Iterable (newest first), each with the body Iterable would receive. Not available in production."
      empty="No marketing calls yet."
      label="Marketing calls"
      entries={events}
      heading={(event) => (
        <>
          <DevLogBadge>{ENDPOINTS[event.kind]}</DevLogBadge>
          {event.eventName ?? event.kind.replace('_', ' ')}
        </>
      )}
    >
      {(event) => (
        <>
          <p className="mt-1 text-sm break-all">User: {event.userKey}</p>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-tint p-3 text-xs">
            {pretty(event.payload)}
          </pre>
        </>
      )}
    </DevLog>
  )
}
