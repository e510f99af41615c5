import type { ReactNode } from 'react'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The question a member page asks before deleting something, without JavaScript: what goes,
 * then a post with its hidden fields (Delete) or a link back (Keep it). Its title and button
 * come said already: each holds the thing's name.
 */
export function ConfirmDelete({
  id,
  title,
  action,
  fields,
  submitLabel,
  children,
}: {
  /** The section's id, the anchor the Delete link jumps to. */
  id: string
  title: string
  /** Where the Delete form posts and Keep it goes back to. */
  action: string
  fields: Readonly<Record<string, string | number>>
  submitLabel: string
  children: ReactNode
}) {
  const text = useText()
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-2xl border-2 border-red-700/50 bg-red-50 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold [overflow-wrap:anywhere]">
        {title}
      </h2>
      <div className="mt-1 text-ink/80 [overflow-wrap:anywhere]">{children}</div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="h-12 rounded-xl bg-red-700 px-5 font-bold text-white hover:brightness-90"
          >
            {submitLabel}
          </button>
        </form>
        <a
          href={action}
          className="inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-primary underline underline-offset-4 hover:bg-tint"
        >
          {text(MESSAGES.pageKeepIt)}
        </a>
      </div>
    </section>
  )
}
