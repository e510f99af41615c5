import { LOCAL_ROBOT_CHECK_TOKEN, type RobotCheckConfig } from '../../../schemas/basket.ts'

/** The robot check a form offers (the basket's coupon, contact, my details): Turnstile when configured with a site key, else local. */
export function robotCheckConfig(
  env: Pick<Env, 'ROBOT_CHECK_PROVIDER' | 'TURNSTILE_SITE_KEY'>
): RobotCheckConfig {
  return env.ROBOT_CHECK_PROVIDER === 'turnstile' && env.TURNSTILE_SITE_KEY
    ? { provider: 'turnstile', siteKey: env.TURNSTILE_SITE_KEY }
    : { provider: 'local', token: LOCAL_ROBOT_CHECK_TOKEN }
}
