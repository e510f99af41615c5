import type { Context } from 'hono'
import { OrderArchivePage } from './OrderArchivePage.tsx'
import {
  ArchivedOrderSchema,
  ArchiveRestoreSchema,
  OrderArchiveSettingsSchema,
  type ArchivedOrder,
} from '../../../../../schemas/order-archive.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormFields } from '../../../../lib/request-body.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

const RESTORE_PATH = `${OPERATOR_PATHS.archive}/restore`

interface View {
  months: string
  monthsError: string | null
  number: string
  found: ArchivedOrder | null
  findError: string | null
}

function render(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  view: View,
  status: 200 | 404 | 409 | 422 = 200
): Promise<Response> {
  return renderOperator(
    c,
    'Order archive',
    (chrome) => (
      <OrderArchivePage
        frame={operatorFrame(chrome, staff, 'archive')}
        restorePath={RESTORE_PATH}
        {...view}
      />
    ),
    status
  )
}

/** An operator's refusal to show on the page (not found, a clash), else thrown on. */
function refusalOf(error: unknown): string {
  if (error instanceof AppError && ['not_found', 'conflict'].includes(error.code)) {
    return error.message
  }
  throw error
}

/**
 * GET /store/operator/order-archive[?number=]: the months setting, and the archived order of the
 * number searched for.
 */
export async function orderArchivePage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const settings = await operatorRead(
    c,
    '/staff/operator/order-archive',
    {},
    OrderArchiveSettingsSchema
  )
  const number = (c.req.query('number') ?? '').trim()
  const view: View = {
    months: String(settings.months),
    monthsError: null,
    number,
    found: null,
    findError: null,
  }
  if (number) {
    try {
      view.found = await operatorRead(
        c,
        '/staff/operator/order-archive/find',
        { businessOrderId: number },
        ArchivedOrderSchema
      )
    } catch (error) {
      view.findError = refusalOf(error)
    }
  }
  return render(c, access.staff, view, view.findError ? 404 : 200)
}

/** POST /store/operator/order-archive: the months changed (audited), or the form again. */
export async function saveArchiveMonths(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const months = (form.months ?? '').trim()
  try {
    await operatorChange(c, {
      path: '/staff/operator/order-archive/update',
      body: { months },
      schema: OrderArchiveSettingsSchema,
      affects: [],
    })
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error') {
      const view = { months, monthsError: error.message, number: '', found: null, findError: null }
      return render(c, access.staff, view, 422)
    }
    throw error
  }
  setFlash(c, 'operatorChangesSaved')
  return redirectTo(c, OPERATOR_PATHS.archive, 303)
}

/** POST /store/operator/order-archive/restore: the order back online, once however often sent. */
export async function restoreArchivedOrder(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const number = (form.number ?? '').trim()
  try {
    await operatorChange(c, {
      path: '/staff/operator/order-archive/restore',
      body: { businessOrderId: number },
      schema: ArchiveRestoreSchema,
      affects: [],
    })
  } catch (error) {
    const settings = await operatorRead(
      c,
      '/staff/operator/order-archive',
      {},
      OrderArchiveSettingsSchema
    )
    const findError = refusalOf(error)
    const view = {
      months: String(settings.months),
      monthsError: null,
      number,
      found: null,
      findError,
    }
    return render(c, access.staff, view, 409)
  }
  setFlash(c, 'archivedOrderRestored')
  return redirectTo(c, OPERATOR_PATHS.archive, 303)
}
