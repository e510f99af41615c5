import type { Brand } from '../../schemas/brand.ts'
import type { FlashTone } from '../../schemas/flash.ts'
import type { SiteContent } from './site-content.ts'

/** What every page knows about the request besides its own data. */
export interface PageChrome {
  brand: Brand | null
  signedIn: boolean
  /** The request path, to mark the current navigation link. */
  currentPath: string
  /** A one-time message carried across a redirect (e.g. a guard's). */
  flash: string | null
  /** Whether the flash confirms something done (a tick) or warns (the alert sign, the default). */
  flashTone?: FlashTone
  /** The brand's header, footer and home blocks; absent, the defaults. */
  content?: SiteContent
}
