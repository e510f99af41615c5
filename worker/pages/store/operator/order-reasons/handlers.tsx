import type { Context } from 'hono'
import { OrderReasonsPage } from './OrderReasonsPage.tsx'
import {
  type OrderReasonLists,
  OrderReasonListsSchema,
  type PresetReasonAction,
} from '../../../../../schemas/order-reasons.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormFields } from '../../../../lib/request-body.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

function render(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  values: Record<PresetReasonAction, string>,
  error: string | null
): Promise<Response> {
  return renderOperator(
    c,
    'Order reasons',
    (chrome) => (
      <OrderReasonsPage
        frame={operatorFrame(chrome, staff, 'reasons')}
        values={values}
        error={error}
      />
    ),
    error ? 422 : 200
  )
}

const asText = (lists: OrderReasonLists) => ({
  reject: lists.reject.join('\n'),
  cancel: lists.cancel.join('\n'),
})

/** A textarea's lines: each trimmed, blank lines left out. */
const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** GET /store/operator/order-reasons: the business's reject and cancel reasons to edit. */
export async function orderReasonsPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const lists = await operatorRead(c, '/staff/order-reasons', {}, OrderReasonListsSchema)
  return render(c, access.staff, asText(lists), null)
}

/** POST /store/operator/order-reasons: both lists replaced (audited), or the form again. */
export async function saveOrderReasons(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const values = { reject: form.reject ?? '', cancel: form.cancel ?? '' }
  try {
    await operatorChange(c, {
      path: '/staff/operator/order-reasons/update',
      body: { reject: linesOf(values.reject), cancel: linesOf(values.cancel) },
      schema: OrderReasonListsSchema,
      affects: [],
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error') {
      return render(c, access.staff, values, error.message)
    }
    throw error
  }
  setFlash(c, 'operatorChangesSaved')
  return redirectTo(c, OPERATOR_PATHS.reasons, 303)
}
