/**
 * A D1 binding that is down: every statement, batch and session fails as D1 does when it cannot
 * be reached (the message D1 gives), while everything else about the binding still answers.
 */
export function downDatabase(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, name, receiver) {
      if (name === 'prepare' || name === 'batch' || name === 'exec' || name === 'withSession') {
        return () => {
          throw new Error('D1_ERROR: Network connection lost.')
        }
      }
      const value: unknown = Reflect.get(target, name, receiver)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}
