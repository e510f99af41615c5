import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { StoreSearch } from '../components/StoreSearch.tsx'
import type { StoreSearchBoxProps } from '../lib/store-search.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ErrorPageProps {
  chrome: PageChrome
  status: number
  title: string
  message: string
  /** The store search box; left out when there is no brand to search in (unknown host). */
  search: StoreSearchBoxProps | null
}

/** The error page of spec §2: status code, message, logo, a picture and the store search box. */
export function ErrorPage({ chrome, status, title, message, search }: ErrorPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome} interactive={search !== null}>
      <div className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1fr_1.1fr] md:py-20">
        <EmptyBasketPicture />
        <div>
          <p className="text-sm font-bold tracking-widest text-primary uppercase">
            {text(MESSAGES.pageErrorStatus, status)}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-4 text-lg text-ink/80">{message}</p>
          {search ? (
            <div className="mt-8 rounded-2xl border border-black/10 bg-white p-5 shadow-sm">
              <StoreSearch {...search} label={search.label ?? MESSAGES.pageFindAStoreNearYou} />
            </div>
          ) : null}
          {chrome.brand ? (
            <a
              href={routePath('index')}
              className="mt-6 inline-flex min-h-11 items-center rounded-full border-2 border-primary px-5 font-bold text-primary hover:bg-tint"
            >
              {text(MESSAGES.pageBackToHomePage)}
            </a>
          ) : null}
        </div>
      </div>
    </Layout>
  )
}

function EmptyBasketPicture() {
  const text = useText()
  return (
    <svg
      viewBox="0 0 320 240"
      width="320"
      height="240"
      role="img"
      aria-label={text(MESSAGES.pageEmptyBasketPicture)}
      className="mx-auto h-auto w-full max-w-xs md:max-w-sm"
    >
      <ellipse cx="160" cy="212" rx="120" ry="14" className="fill-black/5" />
      <circle cx="70" cy="60" r="26" className="fill-tint" />
      <circle cx="262" cy="44" r="14" className="fill-accent/20" />
      <path d="M92 96h136" strokeWidth="10" strokeLinecap="round" className="stroke-primary" />
      <path
        d="M80 104h160l-18 92a12 12 0 0 1-12 10H110a12 12 0 0 1-12-10z"
        className="fill-primary"
      />
      <path
        d="M120 96c0-40 80-40 80 0"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        className="stroke-primary"
      />
      <path
        d="M122 130v50M160 130v50M198 130v50"
        strokeWidth="8"
        strokeLinecap="round"
        className="stroke-on-primary/40"
      />
      <text x="250" y="120" fontSize="42" fontWeight="800" className="fill-accent">
        ?
      </text>
    </svg>
  )
}
