import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { DEEP_LINK_CHOICE_FIELD } from '../lib/deep-link-form.ts'

export interface DeepLinkConfirmPageProps {
  chrome: PageChrome
  /** The spec's INCOMPATIBLE_STORE question. */
  question: string
  /** Where both answers post. */
  action: string
}

/**
 * A marketing link to another store than the basket's (ADR 025): continue (the basket is emptied
 * and the linked store opens) or cancel (the basket is kept). Two buttons of one plain form, so
 * it works without JavaScript.
 */
export function DeepLinkConfirmPage({ chrome, question, action }: DeepLinkConfirmPageProps) {
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Change store?</h1>
        <p id="deep-link-question" className="mt-4 text-lg" role="alert">
          {question}
        </p>
        <form
          method="post"
          action={action}
          className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap"
        >
          <button
            type="submit"
            name={DEEP_LINK_CHOICE_FIELD}
            value="continue"
            aria-describedby="deep-link-question"
            className="min-h-12 rounded-xl bg-primary px-5 font-bold whitespace-nowrap text-on-primary hover:brightness-90"
          >
            Continue and clear my basket
          </button>
          <button
            type="submit"
            name={DEEP_LINK_CHOICE_FIELD}
            value="cancel"
            className="min-h-12 rounded-xl border-2 border-black/15 bg-white px-5 font-bold whitespace-nowrap text-ink hover:bg-tint"
          >
            Cancel and keep my basket
          </button>
        </form>
      </div>
    </Layout>
  )
}
