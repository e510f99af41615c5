/*
 * Forget-me confirmation codes: rows of verification_codes with purpose 'forget_me', bound to the
 * member and sent to their email. One live code per member; a new request replaces it.
 */

/** A new forget-me code; the member's older live ones stop working. */
export function replaceForgetMeCodeStatements(
  db: D1Database,
  v: {
    businessId: number
    customerId: number
    destination: string
    codeHash: string
    expiresAt: string
    now: string
  }
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update verification_codes set consumed_at = ?2
         where customer_id = ?1 and purpose = 'forget_me' and consumed_at is null`
      )
      .bind(v.customerId, v.now),
    db
      .prepare(
        `insert into verification_codes (business_id, customer_id, purpose, destination, code_hash,
           expires_at, created_at)
         values (?1, ?2, 'forget_me', ?3, ?4, ?5, ?6)`
      )
      .bind(v.businessId, v.customerId, v.destination, v.codeHash, v.expiresAt, v.now),
  ]
}

export interface ForgetMeCodeRow {
  id: number
  code_hash: string
}

/** The member's live forget-me code (unused, unexpired, guesses left), if any. */
export async function findLiveForgetMeCode(
  db: D1Database,
  customerId: number,
  now: string
): Promise<ForgetMeCodeRow | null> {
  return db
    .prepare(
      `select id, code_hash from verification_codes
       where customer_id = ?1 and purpose = 'forget_me' and consumed_at is null
         and expires_at > ?2 and attempts < max_attempts
       order by id desc limit 1`
    )
    .bind(customerId, now)
    .first<ForgetMeCodeRow>()
}

/** Counts a wrong guess against the code. */
export async function countForgetMeAttempt(db: D1Database, id: number): Promise<void> {
  await db
    .prepare('update verification_codes set attempts = attempts + 1 where id = ?1')
    .bind(id)
    .run()
}

/** Uses the code up; true when this call did (a second confirm of the same code gets false). */
export async function consumeForgetMeCode(
  db: D1Database,
  id: number,
  now: string
): Promise<boolean> {
  const result = await db
    .prepare('update verification_codes set consumed_at = ?2 where id = ?1 and consumed_at is null')
    .bind(id, now)
    .run()
  return result.meta.changes === 1
}
