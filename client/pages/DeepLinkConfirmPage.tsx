import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { DEEP_LINK_CHOICE_FIELD } from '../lib/deep-link-form.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useLocalised, useText } from '../lib/page-text.ts'

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
  const text = useText()
  const localised = useLocalised()
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {text(MESSAGES.pageChangeStoreQuestion)}
        </h1>
        <p id="deep-link-question" className="mt-4 text-lg" role="alert">
          {localised(question)}
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
            {text(MESSAGES.pageContinueAndClear)}
          </button>
          <button
            type="submit"
            name={DEEP_LINK_CHOICE_FIELD}
            value="cancel"
            className="min-h-12 rounded-xl border-2 border-black/15 bg-white px-5 font-bold whitespace-nowrap text-ink hover:bg-tint"
          >
            {text(MESSAGES.pageCancelAndKeep)}
          </button>
        </form>
      </div>
    </Layout>
  )
}
