import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'

/*
 * The shard of a business being moved (ADR 047, move-repo.ts), as its calls see it: reads go on,
 * writes are refused. A repo module because it is where the statements of such a call are
 * prepared (ADR 004).
 */

/** A statement that only reads: a select (a `with` that writes nothing), a pragma, an explain. */
function onlyReads(sql: string): boolean {
  const text = sql.trim().toLowerCase()
  if (/^(select|pragma|explain)\b/.test(text)) return true
  return text.startsWith('with') && !/\b(insert|update|delete|replace)\b/.test(text)
}

/**
 * The shard of a business being moved, that only reads (directory/move-repo.ts): a statement that
 * would write is refused as it is prepared, before anything of its call is written (or charged),
 * so nothing is lost with the shard the business leaves; reads go on. Its sessions read only too.
 */
export function readOnlyShard<T extends D1Database | D1DatabaseSession>(db: T): T {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          if (!onlyReads(sql)) throw new AppError('service_unavailable', MESSAGES.businessMoving)
          return target.prepare(sql)
        }
      }
      if (key === 'exec') {
        return () => Promise.reject(new AppError('service_unavailable', MESSAGES.businessMoving))
      }
      if (key === 'withSession' && 'withSession' in target) {
        return (constraint?: D1SessionConstraint | D1SessionBookmark) =>
          readOnlyShard(target.withSession(constraint))
      }
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
