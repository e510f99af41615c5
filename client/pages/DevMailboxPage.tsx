import type { OutboxMessage } from '../../schemas/development.ts'
import { Layout, type PageChrome } from '../components/Layout.tsx'

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
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Development mailbox</h1>
        <p className="mt-2 text-ink/80">
          Emails and texts written by the local messenger (newest first). Not available in
          production.
        </p>
        {messages.length === 0 ? (
          <p className="mt-6 rounded-xl bg-tint p-4">No messages yet.</p>
        ) : (
          <ol className="mt-6 space-y-4" aria-label="Messages">
            {messages.map((message) => (
              <li
                key={message.id}
                className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="font-bold">
                    <span className="mr-2 rounded-full bg-tint px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">
                      {message.channel}
                    </span>
                    {message.template}
                  </h2>
                  <time dateTime={message.createdAt} className="text-sm text-ink/70">
                    {message.createdAt.replace('T', ' ').slice(0, 19)} UTC
                  </time>
                </div>
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
              </li>
            ))}
          </ol>
        )}
      </div>
    </Layout>
  )
}
