import type { GatewayOutcome } from './gateway.ts'
import { GIVE_UP_AFTER_MS } from './unanswered-repo.ts'

/**
 * What the gateway's word on an unanswered attempt leads to (pure, for the property test): an
 * authorisation is recorded whatever its age; a definite "none" gives up only once no answer can
 * come; anything else waits for the next look.
 */
export function unansweredStep(
  outcome: GatewayOutcome['kind'],
  ageMs: number
): 'record' | 'give_up' | 'wait' {
  if (outcome === 'authorised') return 'record'
  if ((outcome === 'failed' || outcome === 'declined') && ageMs >= GIVE_UP_AFTER_MS) {
    return 'give_up'
  }
  return 'wait'
}
