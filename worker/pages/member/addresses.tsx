import { readAccessToken } from '../../lib/cookies/session.ts'
import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import type { AddressLookup } from '../../../client/components/member/AddressForm.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { AddressesPage } from '../../../client/pages/member/AddressesPage.tsx'
import { CountriesResponseSchema } from '../../../schemas/countries.ts'
import {
  AddMemberAddressRequestSchema,
  DeleteMemberAddressRequestSchema,
  MemberAddressListSchema,
  SetDefaultMemberAddressRequestSchema,
  UpdateMemberAddressRequestSchema,
  type MemberAddress,
} from '../../../schemas/member-addresses.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { ADDRESS_FORM_FIELDS, memberAddressFromForm, memberAddressValues } from './address-form.ts'
import {
  type MemberAddressForm,
  MemberAddressFormSchema,
} from '../../../schemas/forms/member-address.ts'
import { echoValues, formErrorsOf, formRefusal, readForm, safeParseForm } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { lookUpPostcode } from '../shared/address-lookup.ts'
import { memberScope, sessionEnded } from '../shared/member-call.ts'

const PATH = routePath('member-addresses')

/** `?done=` after a change: which notice the page shows. */
const DONE_NOTICES = {
  added: MESSAGES.addressSaved,
  updated: MESSAGES.addressUpdated,
  deleted: MESSAGES.addressDeleted,
} as const

interface AddressesView {
  addresses: ReadonlyArray<MemberAddress>
  notice?: string | null
  deleting?: MemberAddress | null
  editing?: MemberAddress | null
  values?: FormValues
  errors?: FormErrors
  lookup?: AddressLookup | null
}

async function loadAddresses(c: Context<AppEnv>): Promise<Array<MemberAddress>> {
  const token = readAccessToken(c)
  const { businessId } = memberScope(c)
  const answer = await c.var.backend.get('/member/addresses', {
    query: { businessId },
    token,
    schema: MemberAddressListSchema,
  })
  return answer.addresses
}

async function render(
  c: Context<AppEnv>,
  view: AddressesView,
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const { countries } = await c.var.backend.get('/countries', {
    query: { businessId: c.var.brand.businessId },
    schema: CountriesResponseSchema,
    cache: true,
  })
  return renderPage(
    c,
    (chrome) => (
      <AddressesPage
        chrome={chrome}
        addresses={view.addresses}
        countries={countries}
        notice={view.notice ?? null}
        deleting={view.deleting ?? null}
        editing={view.editing ?? null}
        values={view.values ?? { type: 'delivery', country: c.var.brand.countryCode }}
        errors={view.errors ?? {}}
        lookup={view.lookup ?? null}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageAddresses),
        description: requestSay(c)(MESSAGES.metaSavedAddresses),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

function lookupHref(postcode: string, pick: number): string {
  return `${PATH}?${new URLSearchParams({ lookup: postcode, pick: String(pick) })}#address-form`
}

function noticeOf(c: Context<AppEnv>, addresses: ReadonlyArray<MemberAddress>): string | null {
  const done = c.req.query('done')
  if (done === 'default') {
    const id = Number(c.req.query('addressId'))
    const address = addresses.find(({ addressId }) => addressId === id)
    return address ? formatMessage('addressDefaultSet', address.name, address.type) : null
  }
  return done && Object.hasOwn(DONE_NOTICES, done)
    ? DONE_NOTICES[done as keyof typeof DONE_NOTICES]
    : null
}

function byId(addresses: ReadonlyArray<MemberAddress>, raw: string | undefined) {
  const id = Number(raw)
  return addresses.find(({ addressId }) => addressId === id) ?? null
}

/**
 * GET /member/addresses: the list and the add form. `?edit=<id>` edits one, `?delete=<id>` asks
 * before deleting one, `?lookup=<postcode>` lists the postcode's addresses and `&pick=<n>` fills
 * the form with one of them; `?done=` shows what the last change did.
 */
export async function memberAddressesPage(c: Context<AppEnv>): Promise<Response> {
  let addresses: Array<MemberAddress>
  try {
    addresses = await loadAddresses(c)
  } catch (error) {
    const lost = sessionEnded(c, error)
    if (lost) return lost
    throw error
  }
  const editing = byId(addresses, c.req.query('edit'))
  const view: AddressesView = {
    addresses,
    notice: noticeOf(c, addresses),
    deleting: byId(addresses, c.req.query('delete')),
    editing,
  }
  if (editing) view.values = memberAddressValues(editing)
  const postcode = c.req.query('lookup')?.trim().slice(0, 32)
  if (!editing && postcode) {
    const { found, message } = await lookUpPostcode(c, postcode)
    const picked = found[Number(c.req.query('pick') ?? -1)]
    view.lookup = {
      postcode,
      message,
      choices: picked
        ? []
        : found.map((place, index) => ({
            label: place.formattedAddress,
            href: lookupHref(postcode, index),
          })),
    }
    view.values = {
      type: 'delivery',
      country: c.var.brand.countryCode,
      ...(picked ? memberAddressValues(picked.address) : { postcode }),
    }
  }
  return render(c, view)
}

/** Sends one change to the backend; answers where the page goes next. */
async function change(
  c: Context<AppEnv>,
  form: MemberAddressForm
): Promise<{ redirect: string } | { errors: FormErrors; status: 422 | 429 }> {
  const token = readAccessToken(c)
  const { businessId } = memberScope(c)
  const options = { token, schema: MemberAddressListSchema }
  const { action, addressId } = form
  const address = { businessId, ...memberAddressFromForm(form) }
  if (action === 'add' || action === 'update') {
    const parsed =
      action === 'add'
        ? safeParseForm(AddMemberAddressRequestSchema, address)
        : safeParseForm(UpdateMemberAddressRequestSchema, { ...address, addressId })
    if (!parsed.success) return { errors: formErrorsOf(parsed.error.issues), status: 422 }
    if (action === 'add')
      await c.var.backend.post('/member/addresses', { ...options, body: parsed.data })
    else await c.var.backend.put('/member/addresses', { ...options, body: parsed.data })
    return { redirect: `${PATH}?done=${action === 'add' ? 'added' : 'updated'}` }
  }
  if (action === 'delete') {
    const body = DeleteMemberAddressRequestSchema.safeParse({ businessId, addressId })
    if (!body.success) return { errors: { form: MESSAGES.addressNotFound }, status: 422 }
    await c.var.backend.delete('/member/addresses', { ...options, body: body.data })
    return { redirect: `${PATH}?done=deleted` }
  }
  const body = SetDefaultMemberAddressRequestSchema.safeParse({
    businessId,
    addressId,
    isDefault: true,
  })
  if (!body.success) return { errors: { form: MESSAGES.addressNotFound }, status: 422 }
  await c.var.backend.post('/member/addresses/default', { ...options, body: body.data })
  return { redirect: `${PATH}?done=default&addressId=${body.data.addressId}` }
}

/**
 * POST /member/addresses: add, update, delete or make default (the form's `action`), then 303
 * back to the list with a notice. A refusal shows the form again with the spec's messages.
 */
export async function memberAddressesForm(c: Context<AppEnv>): Promise<Response> {
  const posted = await readForm(c)
  const form = MemberAddressFormSchema.parse(posted)
  const { action } = form
  let outcome: Awaited<ReturnType<typeof change>>
  try {
    outcome = await change(c, form)
  } catch (error) {
    const lost = sessionEnded(c, error)
    if (lost) return lost
    outcome = formRefusal(c, error)
  }
  if ('redirect' in outcome) return redirectTo(c, outcome.redirect, 303)
  const addresses = await loadAddresses(c)
  const typed = action === 'add' || action === 'update'
  const view: AddressesView = {
    addresses,
    editing: action === 'update' ? byId(addresses, form.addressId) : null,
    errors: outcome.errors,
  }
  if (typed) view.values = echoValues(posted, ADDRESS_FORM_FIELDS)
  return render(c, view, outcome.status)
}
