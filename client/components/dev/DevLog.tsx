import type { ReactNode } from 'react'
import { Layout } from '../Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'

/**
 * The shell of a development log page (the mailbox, the marketing log, contact requests): its
 * title and note, an empty state, and each entry as a card headed by `heading` with its time
 * (UTC), newest first as the caller lists them; `children` is the rest of each card.
 */
export function DevLog<Entry extends { id: number; createdAt: string }>({
  chrome,
  title,
  intro,
  empty,
  label,
  entries,
  heading,
  children,
}: {
  chrome: PageChrome
  title: string
  intro: string
  /** What the page says when there is nothing yet. */
  empty: string
  /** The list's accessible name. */
  label: string
  entries: ReadonlyArray<Entry>
  heading: (entry: Entry) => ReactNode
  children: (entry: Entry) => ReactNode
}) {
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-2 text-ink/80">{intro}</p>
        {entries.length === 0 ? (
          <p className="mt-6 rounded-xl bg-tint p-4">{empty}</p>
        ) : (
          <ol className="mt-6 space-y-4" aria-label={label}>
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 className="font-bold">{heading(entry)}</h2>
                  <time dateTime={entry.createdAt} className="text-sm text-ink/70">
                    {entry.createdAt.replace('T', ' ').slice(0, 19)} UTC
                  </time>
                </div>
                {children(entry)}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Layout>
  )
}

/** The small label before an entry's heading (a channel, an endpoint). */
export function DevLogBadge({
  children,
  uppercase = false,
}: {
  children: ReactNode
  uppercase?: boolean
}) {
  return (
    <span
      className={`me-2 rounded-full bg-tint px-2 py-0.5 text-xs font-semibold tracking-wide${uppercase ? ' uppercase' : ''}`}
    >
      {children}
    </span>
  )
}
