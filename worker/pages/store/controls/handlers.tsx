import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { Context } from 'hono'
import { StoreControlsPage } from './StoreControlsPage.tsx'
import type { FormErrors, FormValues } from '../../../../client/lib/form-values.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type { StaffProfile } from '../../../../schemas/staff.ts'
import { type StorePause, StorePauseSchema } from '../../../../schemas/store-pause.ts'
import type { AppEnv } from '../../../env.ts'
import { nowMs } from '../../../lib/clock.ts'
import { setFlash } from '../../../lib/cookies/flash.ts'
import { AppError } from '../../../lib/errors.ts'
import { redirectTo } from '../../../lib/redirect.ts'
import { STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { formRefusal, readForm } from '../../shared/forms.ts'
import { consoleFrame } from '../frame.ts'
import { operatorChange, operatorRead } from '../operator/backend.ts'
import { renderConsole } from '../render.tsx'
import { rolesAt, staffOrSignIn, storeOfPath } from '../session.ts'
import { PAUSE_ACTIONS, StorePauseFormSchema } from './form.ts'

const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm"

/**
 * A datetime-local value read in the store's zone, as an ISO instant; null when malformed. A time
 * the clocks skip (01:30 on the spring change) is taken as the instant the clocks reach it.
 */
export function localToInstant(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim())
  if (!match) return null
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const instant = new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime()
  return Number.isFinite(instant) ? new Date(instant).toISOString() : null
}

/** A manager or an operator: the controls are theirs; anyone else's is a 404 page. */
function controlledStore(c: Context<AppEnv>, staff: StaffProfile): number {
  const storeId = storeOfPath(c, staff)
  const roles = rolesAt(staff, storeId)
  if (!roles.includes('store_manager') && !roles.includes('operator')) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  return storeId
}

function renderControls(
  c: Context<AppEnv>,
  staff: StaffProfile,
  storeId: number,
  pause: StorePause,
  form: { errors: FormErrors; values: FormValues } | null = null,
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  // An hour from now, in the store's clock: the usual length of a busy spell.
  const suggested = format(new TZDate(nowMs(c.env) + 3_600_000, pause.timeZone), LOCAL_MINUTE)
  return renderConsole(
    c,
    'Store controls',
    (chrome) => (
      <StoreControlsPage
        frame={consoleFrame(chrome, staff)}
        pause={pause}
        action={STORE_PATHS.controls(storeId)}
        boardHref={STORE_PATHS.board(storeId)}
        errors={form?.errors ?? {}}
        values={form?.values ?? { until: suggested }}
      />
    ),
    status
  )
}

const readPause = (c: Context<AppEnv>, storeId: number) =>
  operatorRead(c, '/staff/stores/pause/state', { storeId }, StorePauseSchema)

/** GET /store/<storeId>/controls: the store's pause and the form to pause or resume. */
export async function controlsPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const storeId = controlledStore(c, signedIn.staff)
  return renderControls(c, signedIn.staff, storeId, await readPause(c, storeId))
}

/**
 * POST /store/<storeId>/controls: pause until the store-local time given, or take orders again.
 * Done → back (303) with a notice; refused → the form again with the message at its field. The
 * public store answers are purged, so shoppers see the change at once.
 */
export async function controlsForm(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const storeId = controlledStore(c, staff)
  const form = await readForm(c)
  const pause = await readPause(c, storeId)
  const post = StorePauseFormSchema.parse(form)
  const resume = post.do === PAUSE_ACTIONS.resume
  try {
    await operatorChange(c, {
      path: resume ? '/staff/stores/resume' : '/staff/stores/pause',
      body: resume
        ? { storeId }
        : {
            storeId,
            until: localToInstant(post.until, pause.timeZone) ?? '',
            reason: post.reason,
          },
      schema: StorePauseSchema,
      affects: ['stores'],
    })
  } catch (error) {
    const { errors, status } = formRefusal(c, error)
    return renderControls(c, staff, storeId, pause, { errors, values: form }, status)
  }
  setFlash(c, resume ? 'storeResumed' : 'storePaused')
  return redirectTo(c, STORE_PATHS.controls(storeId), 303)
}
