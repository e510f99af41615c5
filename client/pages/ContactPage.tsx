import {
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_ATTACHMENT_TYPES,
  CONTACT_ATTACHMENTS_MAX_COUNT,
  CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES,
  CONTACT_MESSAGE_MAX_LENGTH,
} from '../../schemas/constants.ts'
import { fileSizeLabel } from '../../schemas/contact.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import {
  FormCard,
  FormLink,
  FormNotice,
  NameFields,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { island } from '../components/Island.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { RobotCheckField } from '../islands/RobotCheckField.tsx'
import { routePath } from '../lib/routes.ts'
import { useLocalised, useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'

/** What the brand's white-label `contact` section says on the page. */
export interface ContactPageText {
  title: string
  intro: string | null
  subjects: ReadonlyArray<string>
}

export interface ContactPageProps {
  chrome: PageChrome
  text: ContactPageText
  errors: FormErrors
  values: FormValues
  /** After a request went: the confirmation instead of the form. */
  sent: boolean
  /** The refused form had files: they must be chosen again. */
  filesDropped: boolean
  /** The Turnstile site key when ROBOT_CHECK_PROVIDER=turnstile; null with the local checker. */
  turnstileSiteKey: string | null
}

// Its refusal shows only when the check fails to load: its words travel with it.
const RobotCheckIsland = island('RobotCheckField', RobotCheckField, {
  hydrate: 'load',
  texts: [MESSAGES.pageRobotCheckFailed],
})

const ID = 'contact'
const FIELD_CLASS =
  'mt-1 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink focus:border-primary aria-invalid:border-red-700'

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const localised = useLocalised()
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {localised(message)}
    </p>
  )
}

/** Spec §2 `contact`: the contact form, with attachments, working without JavaScript. */
export function ContactPage({
  chrome,
  text,
  errors,
  values,
  sent,
  filesDropped,
  turnstileSiteKey,
}: ContactPageProps) {
  const say = useText()
  const shop = useShopLocale()
  if (sent) {
    return (
      <Layout chrome={chrome}>
        <FormCard title={text.title}>
          <div id={`${ID}-notice`} tabIndex={-1} className="focus:outline-none">
            <FormNotice message={MESSAGES.contactSent} />
          </div>
          <FormLink href={routePath('index')}>{say(MESSAGES.pageBackToShopping)}</FormLink>
        </FormCard>
      </Layout>
    )
  }
  const subjects =
    values.subject && !text.subjects.includes(values.subject)
      ? [...text.subjects, values.subject]
      : text.subjects
  const describedBy = (name: string, hint?: string) =>
    [hint, errors[name] ? `${ID}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined
  return (
    <Layout chrome={chrome}>
      <FormCard title={text.title} intro={text.intro ?? MESSAGES.pageContactIntro}>
        <form method="post" action={routePath('contact')} encType="multipart/form-data" noValidate>
          <ErrorSummary id={`${ID}-form-error`} errors={errors} idPrefix={ID} />
          <div className="mb-4">
            <label htmlFor={`${ID}-subject`} className="block text-sm font-semibold">
              {say(MESSAGES.pageSubject)}
            </label>
            <select
              id={`${ID}-subject`}
              name="subject"
              required
              defaultValue={values.subject ?? ''}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy('subject')}
              className={`h-12 ${FIELD_CLASS}`}
            >
              <option value="">{say(MESSAGES.pagePleaseChoose)}</option>
              {subjects.map((subject) => (
                <option key={subject} value={subject}>
                  {subject}
                </option>
              ))}
            </select>
            <FieldError id={`${ID}-subject-error`} message={errors.subject} />
          </div>
          <div className="mb-4">
            <label htmlFor={`${ID}-message`} className="block text-sm font-semibold">
              {say(MESSAGES.pageMessage)}
            </label>
            <textarea
              id={`${ID}-message`}
              name="message"
              required
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              defaultValue={values.message ?? ''}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message')}
              className={`py-2 ${FIELD_CLASS}`}
            />
            <FieldError id={`${ID}-message-error`} message={errors.message} />
          </div>
          <NameFields idPrefix={ID} errors={errors} values={values} />
          <TextField
            idPrefix={ID}
            name="emailAddress"
            label={MESSAGES.pageEmailAddress}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={TEXT_MAX_LENGTH.email}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix={ID}
            name="phoneNumber"
            label={MESSAGES.pagePhoneNumber}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required={false}
            maxLength={TEXT_MAX_LENGTH.phone}
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix={ID}
            name="orderNumber"
            label={MESSAGES.pageOrderNumber}
            autoComplete="off"
            required={false}
            maxLength={40}
            errors={errors}
            values={values}
          />
          <div className="mb-4">
            <label htmlFor={`${ID}-files`} className="block text-sm font-semibold">
              {say(MESSAGES.pagePhotosOrDocuments)}{' '}
              <span className="font-normal text-ink/70">{say(MESSAGES.pageOptionalParens)}</span>
            </label>
            <p id={`${ID}-files-hint`} className="mt-0.5 text-sm text-ink/70">
              {say(
                MESSAGES.pageContactFilesHint,
                CONTACT_ATTACHMENTS_MAX_COUNT,
                fileSizeLabel(CONTACT_ATTACHMENT_MAX_BYTES, shop),
                fileSizeLabel(CONTACT_ATTACHMENTS_TOTAL_MAX_BYTES, shop)
              )}
            </p>
            {filesDropped ? (
              <p id={`${ID}-files-again`} className="mt-1 text-sm font-semibold text-ink">
                {say(MESSAGES.contactFilesAgain)}
              </p>
            ) : null}
            <input
              id={`${ID}-files`}
              name="files[]"
              type="file"
              multiple
              accept={CONTACT_ATTACHMENT_TYPES.join(',')}
              aria-invalid={errors.files ? true : undefined}
              aria-describedby={describedBy(
                'files',
                [`${ID}-files-hint`, filesDropped ? `${ID}-files-again` : undefined]
                  .filter(Boolean)
                  .join(' ')
              )}
              className="mt-2 block w-full text-sm file:me-3 file:h-11 file:rounded-xl file:border-2 file:border-primary file:bg-white file:px-4 file:font-semibold file:text-primary"
            />
            <FieldError id={`${ID}-files-error`} message={errors.files} />
          </div>
          {turnstileSiteKey ? <RobotCheckIsland siteKey={turnstileSiteKey} /> : null}
          <SubmitButton>{say(MESSAGES.pageSendMessage)}</SubmitButton>
        </form>
      </FormCard>
    </Layout>
  )
}
