import type { Context } from 'hono'
import { FailedTasksPage } from './FailedTasksPage.tsx'
import { BusinessProfileSchema } from '../../../../../schemas/business.ts'
import { IdSchema } from '../../../../../schemas/common.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  OperatorEffectRetriedSchema,
  OperatorEffectsSchema,
} from '../../../../../schemas/operator-effects.ts'
import {
  OperatorRefundRetriedSchema,
  OperatorRefundsSchema,
} from '../../../../../schemas/operator-refunds.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormFields } from '../../../../lib/request-body.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

/** GET /store/operator/failed-tasks: what the effects queue gave up on (ADR 037). */
export function failedTasksPage(c: Context<AppEnv>): Promise<Response> {
  return renderFailedTasks(c, null)
}

async function renderFailedTasks(c: Context<AppEnv>, refusal: string | null): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const [page, refunds, business] = await Promise.all([
    operatorRead(c, '/staff/operator/effects', {}, OperatorEffectsSchema),
    operatorRead(c, '/staff/operator/refunds', {}, OperatorRefundsSchema),
    c.var.backend.get('/business/profile', {
      query: { businessId: c.var.brand.businessId },
      schema: BusinessProfileSchema,
    }),
  ])
  return renderOperator(
    c,
    'Failed tasks',
    (chrome) => (
      <FailedTasksPage
        frame={operatorFrame(chrome, access.staff, 'effects')}
        effects={page.effects}
        refunds={refunds.refunds}
        timeZone={business.timeZone}
        refusal={refusal}
        retryAction={`${OPERATOR_PATHS.effects}/retry`}
        refundRetryAction={`${OPERATOR_PATHS.effects}/refunds/retry`}
      />
    ),
    refusal ? 404 : 200
  )
}

/** POST /store/operator/failed-tasks/retry: one task handed to the queue again. */
export async function retryFailedTask(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const effectId = IdSchema.safeParse(form.effectId)
  try {
    if (!effectId.success) throw new AppError('not_found', MESSAGES.effectNotFound)
    await operatorChange(c, {
      path: '/staff/operator/effects/retry',
      body: { effectId: effectId.data },
      schema: OperatorEffectRetriedSchema,
      affects: [],
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      // Already retried (another tab, another operator) or not this business's: say so here.
      return renderFailedTasks(c, MESSAGES.effectNotFound)
    }
    throw error
  }
  setFlash(c, 'effectRetried')
  return redirectTo(c, OPERATOR_PATHS.effects, 303)
}

const REFUND_RETRY_FLASH = {
  done: 'refundRetrySettled',
  refused: 'refundRetryRefused',
  unknown: 'refundRetryUnsettled',
} as const

/** POST /store/operator/failed-tasks/refunds/retry: the gateway asked now about one refund. */
export async function retryUnsettledRefund(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const refundId = IdSchema.safeParse(form.refundId)
  let status: keyof typeof REFUND_RETRY_FLASH
  try {
    if (!refundId.success) throw new AppError('not_found', MESSAGES.refundNotUnsettled)
    status = (
      await operatorChange(c, {
        path: '/staff/operator/refunds/retry',
        body: { refundId: refundId.data },
        schema: OperatorRefundRetriedSchema,
        affects: [],
      })
    ).status
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      // Settled meanwhile (the cron, another operator) or not this business's: say so here.
      return renderFailedTasks(c, MESSAGES.refundNotUnsettled)
    }
    throw error
  }
  setFlash(c, REFUND_RETRY_FLASH[status])
  return redirectTo(c, OPERATOR_PATHS.effects, 303)
}
