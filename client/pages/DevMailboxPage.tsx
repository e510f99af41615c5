import type { OutboxMessage } from '../../schemas/development.ts'
import { DevLog, DevLogBadge } from '../components/dev/DevLog.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'

export interface DevMailboxPageProps {
  chrome: PageChrome
  messages: Array<OutboxMessage>
}

// Payload values that are paths of this site (a reset link's resetPath) become links.
function PayloadValue({ value }: { value: OutboxMessage['payload'][string] }) {
  if (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) {
    return (
      <a href={value} className="font-semibold break-all text-primary underline underline-offset-4">
        {value}
      </a>
    )
  }
  return <span className="break-all">{String(value)}</span>
}

/** The development mailbox: emails and texts the local messenger wrote, newest first. */
export function DevMailboxPage({ chrome, messages }: DevMailboxPageProps) {
  return (
    <DevLog
      chrome={chrome}
      title="Development mailbox"
      intro="Emails and texts written by the local messenger (newest first). Not available in production."
      empty="No messages yet."
      label="Messages"
      entries={messages}
      heading={(message) => (
        <>
          <DevLogBadge uppercase>{message.channel}</DevLogBadge>
          {message.template}
        </>
      )}
    >
      {(message) => (
        <>
          <p className="mt-1 text-sm break-all">To: {message.recipient}</p>
          <dl className="mt-3 grid grid-cols-[minmax(0,auto)_1fr] gap-x-4 gap-y-1 text-sm">
            {Object.entries(message.payload).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-semibold text-ink/80">{key}</dt>
                <dd className="min-w-0">
                  <PayloadValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </DevLog>
  )
}
