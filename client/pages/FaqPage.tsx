import type { Faq } from '../../schemas/content.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface FaqPageProps {
  chrome: PageChrome
  faqs: Array<Faq>
}

/** Frequently asked questions; each answer opens in place without any script. */
export function FaqPage({ chrome, faqs }: FaqPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <div className="bg-tint">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {text(MESSAGES.pageFrequentlyAskedQuestions)}
          </h1>
          <p className="mt-2 text-ink/80">
            {text(MESSAGES.pageCantFindWhatYouNeed)}{' '}
            <a href={routePath('contact')} className="font-semibold underline underline-offset-4">
              {text(MESSAGES.pageContactUs)}
            </a>
            .
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {faqs.length === 0 ? (
          <p className="text-ink/80">{text(MESSAGES.pageNoQuestionsYet)}</p>
        ) : (
          <ul className="divide-y divide-black/10 rounded-2xl border border-black/10 bg-white shadow-sm">
            {faqs.map((faq) => (
              <li key={faq.id}>
                <details className="group p-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-bold [&::-webkit-details-marker]:hidden">
                    {faq.question}
                    <span
                      aria-hidden="true"
                      className="text-xl text-primary transition group-open:rotate-45"
                    >
                      +
                    </span>
                  </summary>
                  <p className="mt-3 whitespace-pre-line text-ink/80">{faq.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Layout>
  )
}
