import type { Context } from 'hono'
import { MoneyNotSettledPage } from './MoneyNotSettledPage.tsx'
import { BusinessProfileSchema } from '../../../../../schemas/business.ts'
import { IdSchema } from '../../../../../schemas/common.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  MONEY_EFFECT_KINDS,
  type MoneyRetryOutcome,
  OperatorMoneyRetriedSchema,
  OperatorMoneySchema,
} from '../../../../../schemas/operator-money.ts'
import type { AppEnv } from '../../../../env.ts'
import { now } from '../../../../lib/clock.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormFields } from '../../../../lib/request-body.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

/** GET /store/operator/money-not-settled: money effects a gateway has not confirmed (issue 37). */
export function moneyNotSettledPage(c: Context<AppEnv>): Promise<Response> {
  return renderMoney(c, null)
}

async function renderMoney(c: Context<AppEnv>, refusal: string | null): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const [page, business] = await Promise.all([
    operatorRead(c, '/staff/operator/money', {}, OperatorMoneySchema),
    c.var.backend.get('/business/profile', {
      query: { businessId: c.var.brand.businessId },
      schema: BusinessProfileSchema,
    }),
  ])
  return renderOperator(
    c,
    'Money not settled',
    (chrome) => (
      <MoneyNotSettledPage
        frame={operatorFrame(chrome, access.staff, 'money')}
        effects={page.effects}
        timeZone={business.timeZone}
        now={now(c.env).getTime()}
        refusal={refusal}
        retryAction={`${OPERATOR_PATHS.money}/retry`}
      />
    ),
    refusal ? 404 : 200
  )
}

const RETRY_FLASH: Readonly<
  Record<MoneyRetryOutcome, 'moneyRetrySettled' | 'moneyRetryRefused' | 'moneyRetryUnsettled'>
> = {
  settled: 'moneyRetrySettled',
  refused: 'moneyRetryRefused',
  unsettled: 'moneyRetryUnsettled',
}

/** POST /store/operator/money-not-settled/retry: the gateway asked now about one effect. */
export async function retryMoneyEffect(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormFields(c.req.raw)
  const id = IdSchema.safeParse(form.id)
  const kind = MONEY_EFFECT_KINDS.find((known) => known === form.kind)
  let outcome: MoneyRetryOutcome
  try {
    if (!id.success || !kind) throw new AppError('not_found', MESSAGES.moneyNotUnsettled)
    outcome = (
      await operatorChange(c, {
        path: '/staff/operator/money/retry',
        body: { kind, id: id.data },
        schema: OperatorMoneyRetriedSchema,
        affects: [],
      })
    ).outcome
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      // Settled meanwhile (the cron, another operator) or not this business's: say so here.
      return renderMoney(c, MESSAGES.moneyNotUnsettled)
    }
    throw error
  }
  setFlash(c, RETRY_FLASH[outcome])
  return redirectTo(c, OPERATOR_PATHS.money, 303)
}
