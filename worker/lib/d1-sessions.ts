import type { MiddlewareHandler } from 'hono'
import { isWriteStatement } from './fault-injection.ts'

/*
 * D1 read replication through the Sessions API (ADR 046), in one place. The backend runs every
 * request's statements in one session (`env.DB.withSession`): a read goes to a nearby replica
 * unless the request carries a bookmark, which makes D1 answer from a copy at least as new as it.
 * The backend answers a request that wrote with the session's bookmark (many reads are POSTs, so
 * the method cannot tell); the storefront's client keeps the bookmark of the shopper's last write in a cookie and sends it on every backend call of the
 * shopper's next requests, so a shopper always reads their own writes, from a replica when one has
 * caught up. Without a bookmark a read request starts anywhere ('first-unconstrained') and a write
 * request at the primary ('first-primary').
 */

/** The header a bookmark travels in, both ways, between the storefront and the backend. */
export const D1_BOOKMARK_HEADER = 'x-d1-bookmark'

/**
 * What a bookmark the browser sends back may look like: D1's are hex groups joined by dashes.
 * Anything else is dropped (the request starts as if it had none), never handed to D1.
 */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,15}$/i

/** The bookmark as sent, or null when there is none or it is not one. */
export function wellFormedBookmark(text: string | null | undefined): string | null {
  const value = text?.trim() ?? ''
  return value !== '' && value.length <= 512 && BOOKMARK.test(value) ? value : null
}

/** Whether a request may write: its first statement goes to the primary without a bookmark. */
export function isWriteMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())
}

/** One request's session: a D1Database that runs in it, and the bookmark it has reached. */
export interface D1RequestSession {
  db: D1Database
  bookmark(): string | null
  /** Whether a statement that may write was prepared in it. */
  wrote(): boolean
}

/**
 * The request's database in a session from `bookmark` (or, without one, from where the method
 * needs it). A binding without the Sessions API (a test's stand-in) is used as it is.
 */
export function openD1Session(
  db: D1Database,
  bookmark: string | null,
  method: string
): D1RequestSession {
  if (typeof db.withSession !== 'function') return { db, bookmark: () => null, wrote: () => false }
  const session = db.withSession(
    bookmark ?? (isWriteMethod(method) ? 'first-primary' : 'first-unconstrained')
  )
  let wrote = false
  const inSession: D1Database = {
    prepare: (sql) => {
      wrote ||= isWriteStatement(sql)
      // eslint-disable-next-line no-restricted-syntax -- passes a repo's SQL through, writes none
      return session.prepare(sql)
    },
    batch: (statements) => session.batch(statements),
    // exec and dump have no session form: they run on the binding (migrations, tools).
    exec: (sql) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (constraint) => db.withSession(constraint),
  }
  return { db: inSession, bookmark: () => session.getBookmark(), wrote: () => wrote }
}

/**
 * The backend's middleware: the request runs in a session from its bookmark header, and its
 * answer carries the bookmark the session reached when it wrote.
 */
export function d1Sessions(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    const bookmark = wellFormedBookmark(c.req.header(D1_BOOKMARK_HEADER))
    const session = openD1Session(c.env.DB, bookmark, c.req.method)
    c.env = { ...c.env, DB: session.db }
    await next()
    const reached = session.wrote() ? session.bookmark() : null
    if (reached !== null) c.header(D1_BOOKMARK_HEADER, reached)
  }
}

/**
 * The storefront's side for one shopper request: the bookmark to send on each backend call (the
 * newest this request's writes reached, else the shopper's last one) and the one to keep in the
 * shopper's cookie, if a write of this request moved it.
 */
export class BookmarkRelay {
  private current: string | null
  private written: string | null = null

  constructor(fromCookie: string | null | undefined) {
    this.current = wellFormedBookmark(fromCookie)
  }

  /** The header value for the next backend call, or null. */
  toSend(): string | null {
    return this.current
  }

  /** Takes the bookmark of an answer (only a write's has one): the shopper's new last write. */
  received(answer: Response): void {
    const bookmark = wellFormedBookmark(answer.headers.get(D1_BOOKMARK_HEADER))
    if (bookmark === null) return
    this.current = bookmark
    this.written = bookmark
  }

  /** The bookmark the shopper's cookie should now hold, when a write of this request set one. */
  toKeep(): string | null {
    return this.written
  }
}
