import type { DevContactRequests } from '../../schemas/contact.ts'
import { Layout, type PageChrome } from '../components/Layout.tsx'

export interface DevContactPageProps {
  chrome: PageChrome
  requests: DevContactRequests['requests']
}

/** The development view of contact requests and their attachments as R2 holds them. */
export function DevContactPage({ chrome, requests }: DevContactPageProps) {
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Development contact requests
        </h1>
        <p className="mt-2 text-ink/80">
          The newest contact requests and, for each attachment, what the ATTACHMENTS bucket holds
          under its key (read back, its type sniffed from its bytes). Not available in production.
        </p>
        {requests.length === 0 ? (
          <p className="mt-6 rounded-xl bg-tint p-4">No contact requests yet.</p>
        ) : (
          <ol className="mt-6 space-y-4" aria-label="Contact requests">
            {requests.map((request) => (
              <li
                key={request.id}
                className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="font-bold">
                    #{request.id} {request.subject}
                  </h2>
                  <time dateTime={request.createdAt} className="text-sm text-ink/70">
                    {request.createdAt.replace('T', ' ').slice(0, 19)} UTC
                  </time>
                </div>
                <p className="mt-1 text-sm break-all">
                  From: {request.email}
                  {request.orderNumber ? ` · order ${request.orderNumber}` : ''}
                </p>
                {request.attachments.length === 0 ? (
                  <p className="mt-2 text-sm text-ink/70">No attachments.</p>
                ) : (
                  <ul
                    className="mt-3 space-y-2 text-sm"
                    aria-label={`Attachments of #${request.id}`}
                  >
                    {request.attachments.map((a) => (
                      <li key={a.r2Key} className="rounded-xl bg-tint p-3">
                        <p className="font-semibold break-all">{a.filename}</p>
                        <p className="break-all">
                          R2 key: <code>{a.r2Key}</code>
                        </p>
                        <p>
                          Stored as {a.contentType}, {a.sizeBytes} bytes.{' '}
                          {a.inR2
                            ? `In R2: ${a.inR2.sizeBytes} bytes, sniffed ${a.inR2.sniffedType ?? 'unknown'}.`
                            : 'Not in R2.'}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Layout>
  )
}
