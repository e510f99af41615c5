import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { type ContactPageText, ContactPage } from '../../../client/pages/ContactPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { CONTACT_BODY_MAX_BYTES } from '../../../schemas/constants.ts'
import { ContactFieldsSchema, ContactRequestedSchema } from '../../../schemas/contact.ts'
import { CONTACT_REQUEST_PATH } from '../../../schemas/content.ts'
import { MemberProfileSchema } from '../../../schemas/member-profile.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readFormBody } from '../../lib/request-body.ts'
import { robotCheckConfig } from '../shared/robot-check.ts'
import { echoValues, formErrorsOf, formRefusal, safeParseForm } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'

/** The text fields a refused form shows again (files cannot be: the page says so). */
const CONTACT_FIELDS = Object.keys(ContactFieldsSchema.shape)

// Said in the brand's language: a subject is the words the shopper picked, sent as they read them.
const DEFAULT_SUBJECTS = [
  MESSAGES.pageContactSubjectOrder,
  MESSAGES.pageContactSubjectFeedback,
  MESSAGES.pageContactSubjectOther,
]

/** The brand's white-label `contact` section (spec §9): title, intro and subjects, if set. */
function pageText(c: Context<AppEnv>): ContactPageText {
  const section = c.var.brand.settings.contact
  const say = requestSay(c)
  const title = typeof section.title === 'string' ? section.title : say(MESSAGES.pageContactUs)
  const intro = typeof section.intro === 'string' ? section.intro : null
  const subjects = Array.isArray(section.subjects)
    ? section.subjects.filter((s): s is string => typeof s === 'string')
    : []
  return {
    title,
    intro,
    subjects: subjects.length > 0 ? subjects : DEFAULT_SUBJECTS.map((subject) => say(subject)),
  }
}

type ContactStatus = 200 | 422 | 429 | 503

function renderContact(
  c: Context<AppEnv>,
  view: { errors: FormErrors; values: FormValues; sent?: boolean; filesDropped?: boolean },
  status: ContactStatus = 200
): Promise<Response> {
  const text = pageText(c)
  const robot = robotCheckConfig(c.env)
  return renderPage(
    c,
    (chrome) => (
      <ContactPage
        chrome={chrome}
        text={text}
        errors={view.errors}
        values={view.values}
        sent={view.sent ?? false}
        filesDropped={view.filesDropped ?? false}
        turnstileSiteKey={robot.provider === 'turnstile' ? robot.siteKey : null}
      />
    ),
    {
      meta: {
        title: text.title,
        description: requestSay(c)(MESSAGES.metaWriteTo, c.var.brand.name),
      },
      // Public until something personal goes in (a member's details, a refused form).
      cache: status === 200 && !view.sent ? 'public' : 'private',
      status,
    }
  )
}

/** A signed-in member's names, email and phone for the form; a failed lookup prefills nothing. */
async function memberValues(c: Context<AppEnv>): Promise<FormValues> {
  const token = readAccessToken(c)
  if (!token) return {}
  try {
    const profile = await c.var.backend.get('/member/profile', {
      query: { businessId: c.var.brand.businessId },
      token,
      schema: MemberProfileSchema,
    })
    return {
      firstName: profile.firstname,
      lastName: profile.lastname,
      emailAddress: profile.email,
      phoneNumber: profile.mobileContactNumber ?? '',
    }
  } catch {
    return {}
  }
}

/** GET /contact: the form, prefilled for a member and with `?order=` as the order number. */
export async function contactPage(c: Context<AppEnv>): Promise<Response> {
  if (c.req.query('notice') === 'sent')
    return renderContact(c, { errors: {}, values: {}, sent: true })
  const order = c.req.query('order')?.trim().slice(0, 40)
  const values = { ...(await memberValues(c)), ...(order ? { orderNumber: order } : {}) }
  return renderContact(c, { errors: {}, values })
}

/**
 * POST /contact (multipart, within CONTACT_BODY_MAX_BYTES): checks the fields here for their
 * messages, then hands the form with its files[] to the backend, which checks the files by their
 * content (ADR 022). Sent: 303 to the page's notice. Refused: the form again with the messages
 * and the values, and a word that files must be chosen again.
 */
export async function contactForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readFormBody(c.req.raw, CONTACT_BODY_MAX_BYTES)
  const fields: Record<string, string> = {}
  let filesChosen = false
  for (const [key, value] of form) {
    if (typeof value === 'string') fields[key] = value
    else if (value.size > 0 || value.name !== '') filesChosen = true
  }
  const values = echoValues(fields, CONTACT_FIELDS)
  const refused = (errors: FormErrors, status: ContactStatus) =>
    renderContact(
      c,
      { errors: { form: MESSAGES.validationError, ...errors }, values, filesDropped: filesChosen },
      status
    )
  const parsed = safeParseForm(ContactFieldsSchema, fields)
  if (!parsed.success) return refused(formErrorsOf(parsed.error.issues), 422)

  const outgoing = new FormData()
  for (const [key, value] of form) {
    if (key === 'files[]' && typeof value !== 'string' && value.size > 0)
      outgoing.append(key, value)
  }
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== null) outgoing.set(key, value)
  }
  outgoing.set('businessId', String(c.var.brand.businessId))
  outgoing.set('brandId', String(c.var.brand.id))
  outgoing.set(
    'verifyToken',
    // Turnstile's widget (RobotCheckField) posts its own field; without JavaScript only the local
    // check can pass.
    fields['cf-turnstile-response'] ??
      (robotCheckConfig(c.env).provider === 'local' ? LOCAL_ROBOT_CHECK_TOKEN : '')
  )
  try {
    await c.var.backend.post(CONTACT_REQUEST_PATH, {
      body: outgoing,
      token: readAccessToken(c),
      schema: ContactRequestedSchema,
    })
  } catch (error) {
    if (
      error instanceof AppError &&
      ['internal_error', 'upstream_error', 'timeout'].includes(error.code)
    ) {
      return renderContact(
        c,
        { errors: { form: MESSAGES.systemError }, values, filesDropped: filesChosen },
        503
      )
    }
    const { errors, status } = formRefusal(c, error)
    return refused(errors, status)
  }
  return redirectTo(c, `${routePath('contact')}?notice=sent#contact-notice`, 303)
}
