import type { SubstitutionDefault } from '../../../../schemas/member-profile.ts'

/*
 * The member's default substitution choice (customers.default_allow_substitutes, migration 0089):
 * the basket applies it to an item the member never chose for (worker/backend/basket/repo.ts).
 */

interface Member {
  businessId: number
  customerId: number
}

export async function findSubstitutionDefault(
  db: D1Database,
  member: Member
): Promise<SubstitutionDefault> {
  const row = await db
    .prepare('select default_allow_substitutes from customers where id = ?1 and business_id = ?2')
    .bind(member.customerId, member.businessId)
    .first<{ default_allow_substitutes: number }>()
  return { substitution: row?.default_allow_substitutes === 0 ? 'none' : 'best_match' }
}

export async function saveSubstitutionDefault(
  db: D1Database,
  member: Member,
  choice: SubstitutionDefault
): Promise<SubstitutionDefault> {
  await db
    .prepare(
      'update customers set default_allow_substitutes = ?3 where id = ?1 and business_id = ?2'
    )
    .bind(member.customerId, member.businessId, choice.substitution === 'none' ? 0 : 1)
    .run()
  return findSubstitutionDefault(db, member)
}
