import { WHITE_LABEL_SECTIONS } from '../../../../../schemas/constants.ts'
import { HOST_ENVIRONMENTS, type BrandDetail } from '../../../../../schemas/operator-brands.ts'
import { FormAlert, TextField } from '../../../../../client/components/forms/Form.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'
import { BrandDetailsForm } from './BrandForms.tsx'
import { DomainStatus } from './DomainStatus.tsx'
import { ActionButton, FieldError, RadioGroup, Section } from './fields.tsx'
import {
  BRAND_DOMAIN_FIELDS,
  BRAND_IMAGE_FIELDS,
  BRAND_IMAGE_FILE_FIELD,
  BRAND_LIVE_FIELDS,
  BRAND_SETTINGS_FIELDS,
  type BrandPageForms,
  POSTCODE_RULE_FIELDS,
  STORE_SEARCH_FIELDS,
  STORE_SEARCH_VARIANTS,
} from './brand-forms.ts'

/** Where the brand page's forms post (the worker's paths). */
export interface BrandPagePaths {
  details: string
  live: string
  image: string
  domains: string
  checkDomain: string
  removeDomain: string
  storeSearch: string
  settings: string
  postcodeRule: string
  preview: string
  audit: string
}

/** The variant a brand's 'store' settings amount to. */
export function storeSearchVariant(settings: BrandDetail['settings']['store']): string {
  if (settings.enableStoresSearchByAddress) return 'address'
  return settings.autoSelectClosestStore ? 'closest' : 'postcode'
}

const input =
  'mt-1 h-12 w-full min-w-0 max-w-full rounded-xl border-2 border-black/15 bg-white px-3 focus:border-primary aria-invalid:border-red-700'

/** /store/operator/brands/<id>: every form of one brand, each its own card. */
export function BrandPage({
  frame,
  brand,
  forms,
  paths,
}: {
  frame: OperatorFrame
  brand: BrandDetail
  forms: BrandPageForms
  paths: BrandPagePaths
}) {
  return (
    <OperatorLayout
      frame={frame}
      title={brand.name}
      intro={
        brand.isActive
          ? 'Live: its active domains serve shoppers.'
          : 'Not live: its domains do not serve shoppers yet.'
      }
      actions={
        <>
          <a
            href={paths.preview}
            className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
          >
            Preview
          </a>
          <form method="post" action={paths.live}>
            <input
              type="hidden"
              name={BRAND_LIVE_FIELDS.live}
              value={brand.isActive ? 'false' : 'true'}
            />
            <ActionButton variant="primary">
              {brand.isActive ? 'Take offline' : 'Go live'}
            </ActionButton>
          </form>
        </>
      }
    >
      <FormAlert id="live-alert" message={forms.live.errors.form ?? forms.live.errors.live} />
      <div className="space-y-6">
        <Section id="details" title="Name, colours and font">
          <BrandDetailsForm
            action={paths.details}
            state={forms.details}
            submitLabel="Save changes"
          />
        </Section>

        <Section id="images" title="Logo and icon">
          <FormAlert
            id="image-alert"
            message={forms.image.errors.file ?? forms.image.errors.form}
          />
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            {(['logo', 'icon'] as const).map((kind) => (
              <form key={kind} method="post" action={paths.image} encType="multipart/form-data">
                <input type="hidden" name={BRAND_IMAGE_FIELDS.kind} value={kind} />
                <p className="font-semibold">{kind === 'logo' ? 'Logo' : 'Icon (favicon)'}</p>
                {kind === 'logo' && brand.logo.url ? (
                  <img
                    src={brand.logo.url}
                    alt={`Current logo of ${brand.name}`}
                    width={brand.logo.width}
                    height={brand.logo.height}
                    className="my-2 h-10 w-auto"
                  />
                ) : null}
                {kind === 'icon' && brand.faviconUrl ? (
                  <img
                    src={brand.faviconUrl}
                    alt={`Current icon of ${brand.name}`}
                    width={32}
                    height={32}
                    className="my-2 size-8"
                  />
                ) : null}
                <label htmlFor={`image-${kind}`} className="mt-2 block text-sm font-semibold">
                  Choose {kind === 'logo' ? 'a logo' : 'an icon'}
                </label>
                <p id={`image-${kind}-hint`} className="text-sm text-ink/70">
                  JPEG, PNG, WebP or GIF, at most 5 MB.{' '}
                  {kind === 'logo'
                    ? 'Shown 40 pixels high, its width in proportion.'
                    : 'Square, at least 32 pixels.'}
                </p>
                <input
                  id={`image-${kind}`}
                  name={BRAND_IMAGE_FILE_FIELD}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  required
                  aria-describedby={`image-${kind}-hint`}
                  className="mt-1 block w-full text-sm file:me-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-tint file:px-4 file:font-semibold"
                />
                <div className="mt-3">
                  <ActionButton>Upload {kind === 'logo' ? 'logo' : 'icon'}</ActionButton>
                </div>
              </form>
            ))}
          </div>
        </Section>

        <Section id="domains" title="Domains">
          <p className="mb-3 text-ink/80">
            A domain serves shoppers once it is active and the brand is live. Pending domains are
            checked every minute.
          </p>
          {brand.domains.length > 0 ? (
            // A table from md up (scrolling inside its box if it must); on a phone each domain
            // is a card of its cells, each led by its column's name. `relative` keeps the
            // buttons' visually hidden names inside the box, not against the page.
            <div
              className={`${STACKED_TABLE_CLASS.box} relative`}
              role="region"
              aria-label="Domains table"
              tabIndex={0}
            >
              <table className={`${STACKED_TABLE_CLASS.table} md:min-w-[36rem]`}>
                <thead className={STACKED_TABLE_CLASS.head}>
                  <tr>
                    <th scope="col" className="p-3">
                      Domain
                    </th>
                    <th scope="col" className="p-3">
                      Environment
                    </th>
                    <th scope="col" className="p-3">
                      Status
                    </th>
                    <th scope="col" className="p-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className={STACKED_TABLE_CLASS.body}>
                  {brand.domains.map((domain) => (
                    <tr key={domain.host} className={`${STACKED_TABLE_CLASS.row} align-top`}>
                      <th
                        scope="row"
                        className={`${STACKED_TABLE_CLASS.rowHeader} font-semibold [overflow-wrap:anywhere]`}
                      >
                        {domain.host}
                      </th>
                      <td data-label="Environment" className={STACKED_TABLE_CLASS.cell}>
                        {domain.environment}
                      </td>
                      <td data-label="Status" className={STACKED_TABLE_CLASS.cell}>
                        {/* One block beside the label: the status, its message, its records. */}
                        <div className="min-w-0">
                          <DomainStatus domain={domain} />
                          {domain.message ? <p className="mt-1 text-sm">{domain.message}</p> : null}
                          {domain.status !== 'active' && domain.records.length > 0 ? (
                            <dl className="mt-2 space-y-1 text-sm">
                              {domain.records.map((record) => (
                                <div key={`${record.type}${record.name}`}>
                                  <dt className="font-semibold">
                                    {record.type} {record.type === 'HTTP' ? 'URL' : 'record'}:{' '}
                                    <code className="[overflow-wrap:anywhere]">{record.name}</code>
                                  </dt>
                                  <dd>
                                    Value:{' '}
                                    <code className="[overflow-wrap:anywhere]">{record.value}</code>
                                  </dd>
                                </div>
                              ))}
                            </dl>
                          ) : null}
                        </div>
                      </td>
                      <td data-label="" className={STACKED_TABLE_CLASS.cell}>
                        <div className="flex flex-wrap gap-2">
                          {domain.status !== 'active' ? (
                            <form method="post" action={paths.checkDomain}>
                              <input
                                type="hidden"
                                name={BRAND_DOMAIN_FIELDS.host}
                                value={domain.host}
                              />
                              <ActionButton>
                                Check now<span className="sr-only"> {domain.host}</span>
                              </ActionButton>
                            </form>
                          ) : null}
                          <form method="post" action={paths.removeDomain}>
                            <input
                              type="hidden"
                              name={BRAND_DOMAIN_FIELDS.host}
                              value={domain.host}
                            />
                            <ActionButton>
                              Remove<span className="sr-only"> {domain.host}</span>
                            </ActionButton>
                          </form>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>No domains yet.</p>
          )}
          <form
            method="post"
            action={paths.domains}
            className="mt-4 grid grid-cols-1 gap-x-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
          >
            <TextField
              name={BRAND_DOMAIN_FIELDS.host}
              label="Add a domain"
              autoComplete="off"
              hint="e.g. shop.example.com"
              errors={forms.domain.errors}
              values={forms.domain.values}
              maxLength={253}
              idPrefix="domain"
            />
            <div className="mb-4">
              <label htmlFor="domain-environment" className="block text-sm font-semibold">
                Environment
              </label>
              <select
                id="domain-environment"
                name={BRAND_DOMAIN_FIELDS.environment}
                defaultValue={forms.domain.values.environment ?? 'production'}
                className={input}
              >
                {HOST_ENVIRONMENTS.map((environment) => (
                  <option key={environment} value={environment}>
                    {environment}
                  </option>
                ))}
              </select>
            </div>
            <div className="mb-4">
              <ActionButton variant="primary">Add domain</ActionButton>
            </div>
          </form>
        </Section>

        <Section id="store-search" title="Store search">
          <form method="post" action={paths.storeSearch}>
            <RadioGroup
              name={STORE_SEARCH_FIELDS.variant}
              legend="How shoppers find their store"
              idPrefix="store-search"
              errors={forms.storeSearch.errors}
              value={forms.storeSearch.values.variant ?? storeSearchVariant(brand.settings.store)}
              options={STORE_SEARCH_VARIANTS}
            />
            <ActionButton variant="primary">Save store search</ActionButton>
          </form>
        </Section>

        <Section id="settings" title="Other settings">
          <p className="mb-3 text-ink/80">
            Each section of the white-label settings as JSON, checked by its schema.
          </p>
          <div className="space-y-2">
            {WHITE_LABEL_SECTIONS.map((section) => {
              const refused = forms.settings.section === section
              const error = refused ? forms.settings.errors.settings : undefined
              const id = `settings-${section}`
              return (
                <details
                  key={section}
                  open={refused}
                  className="rounded-xl border border-black/10 p-3"
                >
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                    {section}
                  </summary>
                  <form method="post" action={paths.settings}>
                    <input type="hidden" name={BRAND_SETTINGS_FIELDS.section} value={section} />
                    <label htmlFor={id} className="block text-sm font-semibold">
                      Settings of {section} (JSON)
                    </label>
                    <textarea
                      id={id}
                      name={BRAND_SETTINGS_FIELDS.settings}
                      rows={6}
                      defaultValue={
                        refused
                          ? (forms.settings.values.settings ?? '')
                          : JSON.stringify(brand.settings[section], null, 2)
                      }
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      {...(error ? { autoFocus: true } : {})}
                      className="mt-1 w-full rounded-xl border-2 border-black/15 p-2 font-mono text-sm aria-invalid:border-red-700"
                    />
                    <FieldError id={`${id}-error`} message={error} />
                    <div className="mt-2">
                      <ActionButton>Save {section}</ActionButton>
                    </div>
                  </form>
                </details>
              )
            })}
          </div>
        </Section>

        <Section id="postcode-rule" title="Postcode rule of the business">
          <p className="mb-3 text-ink/80">
            Shared by every brand of the business. The pattern must match the example.
          </p>
          <form
            method="post"
            action={paths.postcodeRule}
            className="grid grid-cols-1 gap-x-4 sm:grid-cols-2"
          >
            <FormAlert id="postcode-alert" message={forms.postcodeRule.errors.form} />
            <TextField
              name={POSTCODE_RULE_FIELDS.countryCode}
              label="Country code"
              autoComplete="off"
              errors={forms.postcodeRule.errors}
              values={forms.postcodeRule.values}
              maxLength={2}
              idPrefix="postcode"
            />
            <TextField
              name={POSTCODE_RULE_FIELDS.pattern}
              label="Pattern (regular expression)"
              autoComplete="off"
              errors={forms.postcodeRule.errors}
              values={forms.postcodeRule.values}
              maxLength={300}
              idPrefix="postcode"
            />
            <TextField
              name={POSTCODE_RULE_FIELDS.example}
              label="Example postcode"
              autoComplete="off"
              errors={forms.postcodeRule.errors}
              values={forms.postcodeRule.values}
              maxLength={20}
              idPrefix="postcode"
            />
            <div className="mb-4">
              <label htmlFor="postcode-normalisation" className="block text-sm font-semibold">
                Normalisation
              </label>
              <select
                id="postcode-normalisation"
                name={POSTCODE_RULE_FIELDS.normalisation}
                defaultValue={forms.postcodeRule.values.normalisation ?? 'uk'}
                className={input}
              >
                <option value="uk">UK (upper case, one space before the inward code)</option>
                <option value="upper_trim">Upper case and trimmed only</option>
              </select>
            </div>
            <div>
              <ActionButton variant="primary">Save postcode rule</ActionButton>
            </div>
          </form>
        </Section>

        <p>
          <a
            href={paths.audit}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
          >
            Changes to this brand
          </a>
        </p>
      </div>
    </OperatorLayout>
  )
}
