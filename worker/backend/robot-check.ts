import { LOCAL_ROBOT_CHECK_TOKEN } from '../../schemas/basket.ts'
import { logError } from '../lib/log.ts'

/** Tells a person from a robot before a coupon is tried (spec §7 Apply coupon: verifyToken). */
export interface RobotChecker {
  /** True when the token proves a person; any failure of the check answers false. */
  verify(token: string, ip: string | null): Promise<boolean>
}

/** The local default: accepts exactly the dev token of schemas/basket.ts. */
export class LocalRobotChecker implements RobotChecker {
  verify(token: string): Promise<boolean> {
    return Promise.resolve(token === LOCAL_ROBOT_CHECK_TOKEN)
  }
}

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
const TURNSTILE_TIMEOUT_MS = 5000

/**
 * Cloudflare Turnstile siteverify. A refusal, an error answer, a network failure or no answer
 * within the timeout all count as not verified: a coupon is never applied unchecked.
 */
export class TurnstileRobotChecker implements RobotChecker {
  constructor(
    private readonly secret: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly timeoutMs: number = TURNSTILE_TIMEOUT_MS
  ) {}

  async verify(token: string, ip: string | null): Promise<boolean> {
    const form = new FormData()
    form.set('secret', this.secret)
    form.set('response', token)
    if (ip) form.set('remoteip', ip)
    try {
      const res = await this.fetcher(TURNSTILE_VERIFY_URL, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      if (!res.ok) return false
      const answer: unknown = await res.json()
      return (
        typeof answer === 'object' &&
        answer !== null &&
        'success' in answer &&
        answer.success === true
      )
    } catch (error) {
      logError(error, { during: 'robot_check' }, 'warn')
      return false
    }
  }
}

/** The bindings the checker choice reads; TURNSTILE_SECRET_KEY is a secret, absent locally. */
export type RobotCheckEnv = Pick<Env, 'ROBOT_CHECK_PROVIDER'> & { TURNSTILE_SECRET_KEY?: string }

/**
 * The checker ROBOT_CHECK_PROVIDER names: 'local' (the default) or 'turnstile'. Turnstile without
 * its secret, or an unknown provider, verifies nothing (logged), so coupons fail closed.
 */
export function createRobotChecker(env: RobotCheckEnv): RobotChecker {
  const provider = env.ROBOT_CHECK_PROVIDER.trim() || 'local'
  if (provider === 'local') return new LocalRobotChecker()
  const secret = env.TURNSTILE_SECRET_KEY?.trim()
  if (provider === 'turnstile' && secret) return new TurnstileRobotChecker(secret)
  logError(new Error(`robot check provider ${provider} unusable`), { during: 'robot_check' })
  return { verify: () => Promise.resolve(false) }
}
