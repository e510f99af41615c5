import type { ReactNode } from 'react'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ContentPageProps {
  chrome: PageChrome
  heading: string
  /** Sanitised HTML from worker/lib/markdown.ts renderMarkdown, never raw operator input. */
  html: string
  /** The date the text last changed, as the shopper reads it ('25 November 2026'). */
  updated: string
  /** What the page adds after the text (the cookie policy's cookie table). */
  children?: ReactNode
}

/** A page of operator text by slug: terms, privacy and cookie policies, about us, delivery. */
export function ContentPage({ chrome, heading, html, updated, children }: ContentPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <div className="bg-tint">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
          <p className="mt-2 text-ink/80">{text(MESSAGES.pageLastUpdated, updated)}</p>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div className="content-prose" dangerouslySetInnerHTML={{ __html: html }} />
        {children}
      </div>
    </Layout>
  )
}
