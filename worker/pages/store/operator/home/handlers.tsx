import type { Context } from 'hono'
import { OperatorHomePage } from './OperatorHomePage.tsx'
import type { AppEnv } from '../../../../env.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { operatorOrRefuse } from '../access.ts'
import { OPERATOR_AREAS, operatorFrame, renderOperator } from '../render.tsx'

/** GET /store/operator: the console's areas. */
export async function operatorHome(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const areas = OPERATOR_AREAS.map(({ area, label, description }) => ({
    label,
    description,
    href: OPERATOR_PATHS[area],
  }))
  return renderOperator(c, 'Overview', (chrome) => (
    <OperatorHomePage frame={operatorFrame(chrome, access.staff, 'home')} areas={areas} />
  ))
}
