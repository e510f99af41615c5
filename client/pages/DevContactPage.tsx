import type { DevContactRequests } from '../../schemas/contact.ts'
import { DevLog } from '../components/dev/DevLog.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'

export interface DevContactPageProps {
  chrome: PageChrome
  requests: DevContactRequests['requests']
}

/** The development view of contact requests and their attachments as R2 holds them. */
export function DevContactPage({ chrome, requests }: DevContactPageProps) {
  return (
    <DevLog
      chrome={chrome}
      title="Development contact requests"
      intro="The newest contact requests and, for each attachment, what the ATTACHMENTS bucket holds under its key (read back, its type sniffed from its bytes). Not available in production."
      empty="No contact requests yet."
      label="Contact requests"
      entries={requests}
      heading={(request) => `#${request.id} ${request.subject}`}
    >
      {(request) => (
        <>
          <p className="mt-1 text-sm break-all">
            From: {request.email}
            {request.orderNumber ? ` · order ${request.orderNumber}` : ''}
          </p>
          {request.attachments.length === 0 ? (
            <p className="mt-2 text-sm text-ink/70">No attachments.</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm" aria-label={`Attachments of #${request.id}`}>
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
        </>
      )}
    </DevLog>
  )
}
