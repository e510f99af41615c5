import { useState, useSyncExternalStore } from 'react'
import type { IslandProps } from '../components/Island.tsx'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ReferralShareProps extends IslandProps {
  /** The absolute share link on this brand's host. */
  shareUrl: string
  /** The offer in a sentence, for the share sheet's text. */
  shareText: string
}

/** What the widget says only after a press (island texts). */
export const REFERRAL_SHARE_TEXTS = [
  MESSAGES.pageReferAFriend,
  MESSAGES.pageLinkCopied,
  MESSAGES.pageCouldNotCopy,
  MESSAGES.pageShareLink,
  MESSAGES.pageCopyLink,
]

const noChanges = () => () => {}
const notOnServer = () => false
const browserCanShare = () => typeof navigator.share === 'function'
const browserCanCopy = () => typeof navigator.clipboard?.writeText === 'function'

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-full px-5 font-bold bg-primary text-on-primary hover:brightness-90'
const QUIET_BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-primary px-5 font-bold text-primary hover:bg-tint'

/**
 * The friend-referral widget (ADR 021): the link itself (all there is without JavaScript), the
 * device's share sheet where the Web Share API exists, and "Copy link" where the clipboard does,
 * saying so once copied. No third-party script: sharing goes through the browser alone.
 */
export function ReferralShare({ shareUrl, shareText }: ReferralShareProps) {
  // What the browser can do is only known once hydrated; the server renders the plain link.
  const canShare = useSyncExternalStore(noChanges, browserCanShare, notOnServer)
  const canCopy = useSyncExternalStore(noChanges, browserCanCopy, notOnServer)
  const abilities = { share: canShare, copy: canCopy }
  const [status, setStatus] = useState('')
  const text = useText()

  async function share() {
    try {
      await navigator.share({
        title: text(MESSAGES.pageReferAFriend),
        text: shareText,
        url: shareUrl,
      })
    } catch {
      // Closing the share sheet rejects too: nothing to say.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(shareUrl)
      setStatus(text(MESSAGES.pageLinkCopied))
    } catch {
      setStatus(text(MESSAGES.pageCouldNotCopy))
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-xl bg-tint p-3 font-mono text-sm [overflow-wrap:anywhere]">
        <a href={shareUrl} className="text-primary underline">
          {shareUrl}
        </a>
      </p>
      {abilities.share || abilities.copy ? (
        <div className="flex flex-wrap gap-2">
          {abilities.share ? (
            <button type="button" className={BUTTON} onClick={() => void share()}>
              {text(MESSAGES.pageShareLink)}
            </button>
          ) : null}
          {abilities.copy ? (
            <button
              type="button"
              className={abilities.share ? QUIET_BUTTON : BUTTON}
              onClick={() => void copy()}
            >
              {text(MESSAGES.pageCopyLink)}
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="min-h-6 text-sm font-semibold text-green-900">
        {status}
      </p>
    </div>
  )
}
