import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { ClosuresPage, FulfilmentPage, HoursPage, ZonesPage } from './SchedulePages.tsx'
import type { StoreLinks } from './StoreFields.tsx'
import { StoreDetailsPage, StoresListPage } from './StoresPages.tsx'
import { OPENING_HOURS_KINDS } from '../../../../../schemas/stores.ts'
import {
  type OpeningHoursMethod,
  type OperatorStore,
  OperatorStoreListSchema,
  OperatorStoreSchema,
  StoreLocationSchema,
} from '../../../../../schemas/operator-stores.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import type { PurgeArea } from '../../../../lib/cache-purge.ts'
import { setFlash, type FlashKey } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { echoValues, formRefusal, readForm } from '../../../shared/forms.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import { requestLocale } from '../../../shared/render.tsx'
import {
  CLOSURE_FIELDS,
  closureOf,
  copyMonday,
  DETAIL_FIELDS,
  detailsOf,
  detailValuesOf,
  fulfilmentOf,
  fulfilmentValuesOf,
  hoursFormValues,
  HOURS_INTENTS,
  HoursFormSchema,
  hoursOf,
  hoursValuesOf,
  type Parsed,
  STORE_DETAIL_FIELDS,
  STORE_DETAIL_INTENTS,
  StoreDetailsFormSchema,
  StoreSwitchFormSchema,
  ZONE_FIELDS,
  zoneOf,
  zoneValuesOf,
} from './store-forms.ts'

/**
 * The stores area of the operator console (ADR 027): pages under /store/operator/stores. Every
 * change goes through operatorChange with the 'stores' purge area, then 303 to the page with a
 * flash; a refusal shows the form again with its errors and values (422).
 */

const ROOT = OPERATOR_PATHS.stores
export const STORES_PAGES = {
  list: ROOT,
  add: `${ROOT}/new`,
  store: (id: number) => `${ROOT}/${id}`,
  switch: (id: number) => `${ROOT}/${id}/switch`,
  fulfilment: (id: number) => `${ROOT}/${id}/fulfilment`,
  hours: (id: number, method: OpeningHoursMethod = 'store') => `${ROOT}/${id}/hours/${method}`,
  closures: (id: number) => `${ROOT}/${id}/closures`,
  closureRemove: (id: number, closureId: number) => `${ROOT}/${id}/closures/${closureId}/remove`,
  zones: (id: number) => `${ROOT}/${id}/zones`,
  zone: (id: number, zoneId: number) => `${ROOT}/${id}/zones/${zoneId}`,
  zoneRemove: (id: number, zoneId: number) => `${ROOT}/${id}/zones/${zoneId}/remove`,
} as const

function linksOf(id: number): StoreLinks {
  return {
    list: STORES_PAGES.list,
    details: STORES_PAGES.store(id),
    fulfilment: STORES_PAGES.fulfilment(id),
    hours: STORES_PAGES.hours(id),
    closures: STORES_PAGES.closures(id),
    zones: STORES_PAGES.zones(id),
    audit: auditHref('store', id),
  }
}

type Page = { staff: StaffProfile }

/**
 * A page of one store: an operator's only (access.ts), the store of the path read first, so
 * another business's id is the 404 page before any form is read.
 */
function storeRoute(
  handler: (c: Context<AppEnv>, page: Page, store: OperatorStore) => Promise<Response>
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const access = await operatorOrRefuse(c)
    if ('response' in access) return access.response
    return handler(c, access, await storeOf(c))
  }
}

/** The store of the path (another business's, or no number, is the 404 page). */
async function storeOf(c: Context<AppEnv>): Promise<OperatorStore> {
  const storeId = pathId(c.req.param('storeId'))
  if (storeId === null) throw new AppError('not_found', 'Store not found')
  return operatorRead(c, '/staff/operator/stores/get', { storeId }, OperatorStoreSchema)
}

/**
 * Catalogue answers read a store's postcode (alcohol rules in Scotland) and whether it is live,
 * so a change of its details makes them stale too; its hours, fees and zones do not.
 */
const DETAILS_AFFECT: ReadonlyArray<PurgeArea> = ['stores', 'catalogue']

/** Sends a change; done → 303 to `back` with a flash, refused → the errors to show. */
async function save(
  c: Context<AppEnv>,
  path: string,
  body: Record<string, unknown>,
  back: (store: OperatorStore) => string,
  flash: FlashKey = 'operatorChangesSaved',
  affects: ReadonlyArray<PurgeArea> = ['stores']
): Promise<Response | { errors: FormErrors; status: 422 | 429 }> {
  try {
    const store = await operatorChange(c, { path, body, schema: OperatorStoreSchema, affects })
    setFlash(c, flash)
    return redirectTo(c, back(store), 303)
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw error
    return formRefusal(c, error)
  }
}

// --- List, details, switch ----------------------------------------------------------------

export async function storesList(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const { stores } = await operatorRead(
    c,
    '/staff/operator/stores/list',
    {},
    OperatorStoreListSchema
  )
  return renderOperator(c, 'Stores', (chrome) => (
    <StoresListPage
      frame={operatorFrame(chrome, access.staff, 'stores')}
      stores={stores}
      newHref={STORES_PAGES.add}
      storeHref={STORES_PAGES.store}
    />
  ))
}

function renderDetails(
  c: Context<AppEnv>,
  { staff }: Page,
  store: OperatorStore | null,
  form: { values: FormValues; errors: FormErrors; located?: { precision: string } | null },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  return renderOperator(
    c,
    store ? store.name : 'Add a store',
    (chrome) => (
      <StoreDetailsPage
        frame={operatorFrame(chrome, staff, 'stores')}
        store={store}
        links={store ? linksOf(store.id) : null}
        action={store ? STORES_PAGES.store(store.id) : STORES_PAGES.add}
        switchAction={store ? STORES_PAGES.switch(store.id) : null}
        values={form.values}
        errors={form.errors}
        located={form.located ?? null}
      />
    ),
    status
  )
}

export const storeDetails = storeRoute(async (c, access, store) => {
  return renderDetails(c, access, store, { values: detailValuesOf(store), errors: {} })
})

export async function newStore(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  return renderDetails(c, access, null, {
    values: {
      [STORE_DETAIL_FIELDS.timeZone]: requestLocale(c).timeZone,
      [STORE_DETAIL_FIELDS.isActive]: 'on',
    },
    errors: {},
  })
}

/**
 * POST of the details form (new or existing store). "Find the coordinates" asks the geocoder and
 * shows the form again with them filled in, saving nothing; "Save" creates or updates.
 */
export async function saveDetails(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const store = c.req.param('storeId') === undefined ? null : await storeOf(c)
  const form = await readForm(c)
  const posted = StoreDetailsFormSchema.parse(form)
  const { intent, postcode } = posted
  const values = {
    ...echoValues(form, DETAIL_FIELDS),
    // The box shown again as it was posted: ticked ('on') or not.
    [STORE_DETAIL_FIELDS.isActive]: posted.isActive ? 'on' : '',
  }
  if (intent === STORE_DETAIL_INTENTS.locate) {
    try {
      const place = await operatorRead(
        c,
        '/staff/operator/stores/locate',
        { postcode },
        StoreLocationSchema
      )
      const located = {
        ...values,
        postcode: place.postcode,
        latitude: String(place.latitude),
        longitude: String(place.longitude),
      }
      return renderDetails(c, access, store, { values: located, errors: {}, located: place })
    } catch (error) {
      const { errors, status } = formRefusal(c, error)
      return renderDetails(c, access, store, { values, errors }, status)
    }
  }
  const parsed = detailsOf(form)
  if (!parsed.ok) return renderDetails(c, access, store, { values, errors: parsed.errors }, 422)
  const answer = store
    ? await save(
        c,
        '/staff/operator/stores/update',
        { ...parsed.value, storeId: store.id },
        (saved) => STORES_PAGES.store(saved.id),
        'operatorChangesSaved',
        DETAILS_AFFECT
      )
    : await save(
        c,
        '/staff/operator/stores/create',
        parsed.value,
        (saved) => STORES_PAGES.hours(saved.id),
        'storeCreated',
        DETAILS_AFFECT
      )
  if (answer instanceof Response) return answer
  return renderDetails(c, access, store, { values, errors: answer.errors }, answer.status)
}

/** POST of the open/closed switch. */
export const switchStore = storeRoute(async (c, access, store) => {
  const { temporarilyClosed } = StoreSwitchFormSchema.parse(await readForm(c))
  const answer = await save(
    c,
    '/staff/operator/stores/switch',
    { storeId: store.id, temporarilyClosed },
    (saved) => STORES_PAGES.store(saved.id)
  )
  if (answer instanceof Response) return answer
  return renderDetails(
    c,
    access,
    store,
    { values: detailValuesOf(store), errors: answer.errors },
    answer.status
  )
})

// --- Fulfilment ---------------------------------------------------------------------------

function renderFulfilment(
  c: Context<AppEnv>,
  { staff }: Page,
  store: OperatorStore,
  form: { values: FormValues; errors: FormErrors },
  status: 200 | 422 | 429 = 200
) {
  return renderOperator(
    c,
    `${store.name}: delivery and collection`,
    (chrome) => (
      <FulfilmentPage
        frame={operatorFrame(chrome, staff, 'stores')}
        store={store}
        links={linksOf(store.id)}
        action={STORES_PAGES.fulfilment(store.id)}
        values={form.values}
        errors={form.errors}
      />
    ),
    status
  )
}

export const fulfilmentPage = storeRoute(async (c, access, store) => {
  return renderFulfilment(c, access, store, {
    values: fulfilmentValuesOf(store, requestLocale(c)),
    errors: {},
  })
})

export const saveFulfilment = storeRoute(async (c, access, store) => {
  const form = await readForm(c)
  const values: FormValues = { ...form }
  const parsed = fulfilmentOf(form, requestLocale(c))
  const answer = parsed.ok
    ? await save(
        c,
        '/staff/operator/stores/fulfilment',
        { ...parsed.value, storeId: store.id },
        (saved) => STORES_PAGES.fulfilment(saved.id)
      )
    : { errors: parsed.errors, status: 422 as const }
  if (answer instanceof Response) return answer
  return renderFulfilment(c, access, store, { values, errors: answer.errors }, answer.status)
})

// --- Hours --------------------------------------------------------------------------------

function methodOf(c: Context<AppEnv>): OpeningHoursMethod {
  const method = OPENING_HOURS_KINDS.find((kind) => kind === c.req.param('method'))
  if (!method) throw new AppError('not_found', 'Page not found')
  return method
}

function renderHours(
  c: Context<AppEnv>,
  { staff }: Page,
  store: OperatorStore,
  method: OpeningHoursMethod,
  form: { values: FormValues; errors: FormErrors },
  status: 200 | 422 | 429 = 200
) {
  return renderOperator(
    c,
    `${store.name}: opening hours`,
    (chrome) => (
      <HoursPage
        frame={operatorFrame(chrome, staff, 'stores')}
        store={store}
        links={linksOf(store.id)}
        method={method}
        methodHref={(m) => STORES_PAGES.hours(store.id, m)}
        action={STORES_PAGES.hours(store.id, method)}
        values={form.values}
        errors={form.errors}
      />
    ),
    status
  )
}

export const hoursPage = storeRoute(async (c, access, store) => {
  const method = methodOf(c)
  return renderHours(c, access, store, method, {
    values: hoursValuesOf(store, method),
    errors: {},
  })
})

/** POST of the weekly grid: "Copy Monday to every day" shows it again; "Save" replaces the week. */
export const saveHours = storeRoute(async (c, access, store) => {
  const method = methodOf(c)
  const { intent, days } = HoursFormSchema.parse(await readForm(c))
  if (intent === HOURS_INTENTS.copyMonday) {
    return renderHours(c, access, store, method, { values: copyMonday(days), errors: {} })
  }
  const parsed = hoursOf(days, method)
  const answer = parsed.ok
    ? await save(
        c,
        '/staff/operator/stores/hours',
        { ...parsed.value, storeId: store.id },
        (saved) => STORES_PAGES.hours(saved.id, method)
      )
    : { errors: parsed.errors, status: 422 as const }
  if (answer instanceof Response) return answer
  const values = hoursFormValues(days)
  return renderHours(c, access, store, method, { values, errors: answer.errors }, answer.status)
})

// --- Closures -----------------------------------------------------------------------------

function renderClosures(
  c: Context<AppEnv>,
  { staff }: Page,
  store: OperatorStore,
  form: { values: FormValues; errors: FormErrors },
  status: 200 | 422 | 429 = 200
) {
  return renderOperator(
    c,
    `${store.name}: closures`,
    (chrome) => (
      <ClosuresPage
        frame={operatorFrame(chrome, staff, 'stores')}
        store={store}
        links={linksOf(store.id)}
        action={STORES_PAGES.closures(store.id)}
        removeAction={(closureId) => STORES_PAGES.closureRemove(store.id, closureId)}
        values={form.values}
        errors={form.errors}
      />
    ),
    status
  )
}

export const closuresPage = storeRoute(async (c, access, store) => {
  return renderClosures(c, access, store, { values: {}, errors: {} })
})

export const addClosure = storeRoute(async (c, access, store) => {
  const form = await readForm(c)
  const values = echoValues(form, Object.values(CLOSURE_FIELDS))
  const parsed = closureOf(form, store.today)
  const answer = parsed.ok
    ? await save(
        c,
        '/staff/operator/stores/closures/add',
        { ...parsed.value, storeId: store.id },
        (saved) => STORES_PAGES.closures(saved.id)
      )
    : { errors: parsed.errors, status: 422 as const }
  if (answer instanceof Response) return answer
  return renderClosures(c, access, store, { values, errors: answer.errors }, answer.status)
})

export const removeClosure = storeRoute(async (c, access, store) => {
  const closureId = pathId(c.req.param('closureId'))
  if (closureId === null) throw new AppError('not_found', 'Page not found')
  const answer = await save(
    c,
    '/staff/operator/stores/closures/remove',
    { storeId: store.id, closureId },
    (saved) => STORES_PAGES.closures(saved.id)
  )
  if (answer instanceof Response) return answer
  return renderClosures(c, access, store, { values: {}, errors: answer.errors }, answer.status)
})

// --- Zones --------------------------------------------------------------------------------

function renderZones(
  c: Context<AppEnv>,
  { staff }: Page,
  store: OperatorStore,
  form: { values: FormValues; errors: FormErrors; zoneId: number | null },
  status: 200 | 422 | 429 = 200
) {
  return renderOperator(
    c,
    `${store.name}: delivery zones`,
    (chrome) => (
      <ZonesPage
        frame={operatorFrame(chrome, staff, 'stores')}
        store={store}
        links={linksOf(store.id)}
        action={STORES_PAGES.zones(store.id)}
        zoneAction={(zoneId) => STORES_PAGES.zone(store.id, zoneId)}
        removeAction={(zoneId) => STORES_PAGES.zoneRemove(store.id, zoneId)}
        zoneValues={
          new Map(store.zones.map((zone) => [zone.id, zoneValuesOf(zone, requestLocale(c))]))
        }
        values={form.values}
        errors={form.errors}
        failedZoneId={form.zoneId}
      />
    ),
    status
  )
}

export const zonesPage = storeRoute(async (c, access, store) => {
  return renderZones(c, access, store, {
    values: { [ZONE_FIELDS.kind]: 'radius', [ZONE_FIELDS.isActive]: 'on' },
    errors: {},
    zoneId: null,
  })
})

/** POST of the new zone's form, or of an existing zone's (its id in the path). */
export const saveZone = storeRoute(async (c, access, store) => {
  const zoneId = c.req.param('zoneId') === undefined ? null : pathId(c.req.param('zoneId'))
  const form = await readForm(c)
  const values = echoValues(form, Object.values(ZONE_FIELDS))
  values[ZONE_FIELDS.isActive] ??= ''
  const parsed: Parsed<Record<string, unknown>> = zoneOf(form, requestLocale(c))
  const answer = parsed.ok
    ? await save(
        c,
        '/staff/operator/stores/zones/save',
        { ...parsed.value, storeId: store.id, ...(zoneId ? { zoneId } : {}) },
        (saved) => STORES_PAGES.zones(saved.id)
      )
    : { errors: parsed.errors, status: 422 as const }
  if (answer instanceof Response) return answer
  return renderZones(c, access, store, { values, errors: answer.errors, zoneId }, answer.status)
})

export const removeZone = storeRoute(async (c, access, store) => {
  const zoneId = pathId(c.req.param('zoneId'))
  if (zoneId === null) throw new AppError('not_found', 'Page not found')
  const answer = await save(
    c,
    '/staff/operator/stores/zones/remove',
    { storeId: store.id, zoneId },
    (saved) => STORES_PAGES.zones(saved.id)
  )
  if (answer instanceof Response) return answer
  return renderZones(
    c,
    access,
    store,
    { values: {}, errors: answer.errors, zoneId: null },
    answer.status
  )
})
