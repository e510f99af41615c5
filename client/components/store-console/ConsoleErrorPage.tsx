import type { PageChrome } from '../../lib/page-chrome.ts'
import { ConsoleLayout, type ConsoleLinks } from './ConsoleLayout.tsx'

export interface ConsoleErrorPageProps {
  chrome: PageChrome
  links: ConsoleLinks
  consoleName: string
  title: string
  message: string
  /** The console page the refused request came from (its form), if known. */
  back: string | null
}

/**
 * A console request that failed (an upload over the limit, a page that is not there, a fault):
 * said inside the console's own frame with a way back to the page it came from and to the
 * console's home, never the shop's error page (issue 35 item 10).
 */
export function ConsoleErrorPage({
  chrome,
  links,
  consoleName,
  title,
  message,
  back,
}: ConsoleErrorPageProps) {
  const linkClass =
    'inline-flex min-h-11 items-center rounded-lg px-4 font-bold ring-2 ring-primary hover:bg-tint'
  return (
    <ConsoleLayout chrome={chrome} user={null} links={links} consoleName={consoleName}>
      <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
      <p role="alert" tabIndex={-1} autoFocus className="mt-4 font-semibold">
        {message}
      </p>
      <ul className="mt-6 flex flex-wrap gap-3">
        {back ? (
          <li>
            <a href={back} className={linkClass}>
              Back to the page you were on
            </a>
          </li>
        ) : null}
        <li>
          <a href={links.home} className={linkClass}>
            {consoleName} home
          </a>
        </li>
      </ul>
    </ConsoleLayout>
  )
}
