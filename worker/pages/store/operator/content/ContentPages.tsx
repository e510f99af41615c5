import type { ReactNode } from 'react'
import { SubmitButton } from '../../../../../client/components/forms/Form.tsx'
import {
  ListSection,
  OperatorForm,
  type OperatorFormProps,
  SaveButton,
} from '../../../../../client/components/operator/OperatorForm.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'
import {
  CheckField,
  type Choice,
  ChoiceField,
  FieldGroup,
  InputField,
  TextAreaField,
} from '../../../../../client/components/operator/form-fields.tsx'
import { FAQ_FIELDS, PAGE_FIELDS, PAGE_PREVIEW, PREVIEW_FIELDS, REDIRECT_FIELDS } from './forms.ts'

/** A row of a content table: its cells, and where its form is. */
export interface ContentRow {
  id: number
  cells: ReadonlyArray<string>
  href: string
  /** A redirect's delete form. */
  deleteAction?: string
}

function ContentTable({
  id,
  title,
  addHref,
  addLabel,
  headings,
  rows,
}: {
  id: string
  title: string
  addHref: string
  addLabel: string
  headings: ReadonlyArray<string>
  rows: ReadonlyArray<ContentRow>
}) {
  const deletable = rows.some((row) => row.deleteAction)
  return (
    <ListSection id={id} title={title} addHref={addHref} addLabel={addLabel}>
      {/* A table from md up; below it each row is a card of its cells, each led by its heading. */}
      <div className={STACKED_TABLE_CLASS.box}>
        <table className={`${STACKED_TABLE_CLASS.table} text-sm md:min-w-[36rem]`}>
          <caption className="sr-only">{title}</caption>
          <thead className={STACKED_TABLE_CLASS.head}>
            <tr>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                  {heading}
                </th>
              ))}
              {deletable ? (
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Delete</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className={STACKED_TABLE_CLASS.body}>
            {rows.map((row) => (
              <tr key={row.id} className={`${STACKED_TABLE_CLASS.row} align-top`}>
                <th
                  scope="row"
                  className={`${STACKED_TABLE_CLASS.rowHeader} font-semibold [overflow-wrap:anywhere]`}
                >
                  <a href={row.href} className="text-primary underline">
                    {row.cells[0]}
                  </a>
                </th>
                {row.cells.slice(1).map((text, index) => (
                  <td
                    key={index}
                    data-label={headings[index + 1]}
                    className={`${STACKED_TABLE_CLASS.cell} [overflow-wrap:anywhere]`}
                  >
                    {text}
                  </td>
                ))}
                {row.deleteAction ? (
                  <td data-label="" className={STACKED_TABLE_CLASS.cell}>
                    <form method="post" action={row.deleteAction}>
                      <button
                        type="submit"
                        className="min-h-11 font-semibold text-red-800 underline"
                        aria-label={`Delete the redirect from ${row.cells[0]}`}
                      >
                        Delete
                      </button>
                    </form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListSection>
  )
}

/** /store/operator/content: the questions, the content pages and the redirects. */
export function ContentListPage({
  frame,
  faqs,
  pages,
  redirects,
  add,
}: {
  frame: OperatorFrame
  faqs: ReadonlyArray<ContentRow>
  pages: ReadonlyArray<ContentRow>
  redirects: ReadonlyArray<ContentRow>
  add: { faq: string; page: string; redirect: string }
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Content"
      intro="Frequently asked questions, content pages and redirects of old addresses. Shoppers see a change within five minutes."
    >
      <ContentTable
        id="faqs"
        title="Frequently asked questions"
        addHref={add.faq}
        addLabel="Add a question"
        headings={['Question', 'Listed under', 'Brand', 'Status']}
        rows={faqs}
      />
      <ContentTable
        id="pages"
        title="Content pages"
        addHref={add.page}
        addLabel="Add a page"
        headings={['Address', 'Title', 'Brand']}
        rows={pages}
      />
      <ContentTable
        id="redirects"
        title="Redirects"
        addHref={add.redirect}
        addLabel="Add a redirect"
        headings={['Old address', 'Goes to', 'Kind']}
        rows={redirects}
      />
    </OperatorLayout>
  )
}

/** What every content form page gets (OperatorForm's props). */
export type ContentFormProps = OperatorFormProps

/** A content form: back to the content list. */
function ContentForm({
  props,
  submit,
  after,
  children,
}: {
  props: ContentFormProps
  submit: ReactNode
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <OperatorForm props={props} backLabel="Back to content" submit={submit} after={after}>
      {children}
    </OperatorForm>
  )
}

export function FaqFormPage({
  props,
  brands,
}: {
  props: ContentFormProps
  brands: ReadonlyArray<Choice>
}) {
  const { state } = props
  return (
    <ContentForm props={props} submit={<SaveButton>Save question</SaveButton>}>
      <FieldGroup legend="The question">
        <InputField state={state} name={FAQ_FIELDS.question} label="Question" maxLength={300} />
        <TextAreaField
          state={state}
          name={FAQ_FIELDS.answer}
          label="Answer"
          rows={5}
          optional={false}
        />
        <InputField
          state={state}
          name={FAQ_FIELDS.section}
          label="Listed under"
          hint="The heading on the questions page, e.g. Delivery"
          maxLength={60}
        />
        <ChoiceField
          state={state}
          name={FAQ_FIELDS.brandId}
          label="Brand"
          choices={[{ value: '', label: 'All brands' }, ...brands]}
        />
        <InputField
          state={state}
          name={FAQ_FIELDS.position}
          label="Order in the list"
          inputMode="numeric"
          optional
          hint="Lower numbers show first."
          maxLength={4}
        />
        <CheckField state={state} name={FAQ_FIELDS.isActive} label="Shown" />
      </FieldGroup>
    </ContentForm>
  )
}

/** The content page form, with the body's preview (rendered by the one Markdown renderer). */
export function SeoPageFormPage({
  props,
  brands,
  previewHtml,
}: {
  props: ContentFormProps
  brands: ReadonlyArray<Choice>
  /** Safe HTML: rendered and sanitised by worker/lib/markdown.ts; null before a preview. */
  previewHtml: string | null
}) {
  const { state } = props
  return (
    <ContentForm
      props={props}
      submit={
        <>
          <SaveButton>Save page</SaveButton>
          <div className="w-full sm:w-auto">
            <SubmitButton name={PREVIEW_FIELDS.intent} value={PAGE_PREVIEW} variant="secondary">
              Preview
            </SubmitButton>
          </div>
        </>
      }
      after={
        previewHtml === null ? null : (
          <section
            aria-labelledby="preview-title"
            className="mt-8 max-w-2xl rounded-xl border-2 border-dashed border-black/20 p-4"
          >
            <h2 id="preview-title" className="mb-3 text-lg font-bold">
              Preview (not saved yet)
            </h2>
            <div
              className="space-y-3 [&_a]:text-primary [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_ul]:list-disc [&_ul]:ps-6"
              dangerouslySetInnerHTML={{ __html: previewHtml }}
            />
          </section>
        )
      }
    >
      <FieldGroup legend="The page">
        <InputField state={state} name={PAGE_FIELDS.title} label="Title" maxLength={120} />
        <InputField
          state={state}
          name={PAGE_FIELDS.slug}
          label="Address"
          hint="The page is at /<address>, e.g. delivery-areas"
          maxLength={120}
        />
        <InputField
          state={state}
          name={PAGE_FIELDS.heading}
          label="Heading"
          optional
          hint="Left empty, the title."
          maxLength={160}
        />
        <InputField
          state={state}
          name={PAGE_FIELDS.metaDescription}
          label="Description for search engines"
          optional
          maxLength={300}
        />
        <TextAreaField
          state={state}
          name={PAGE_FIELDS.body}
          label="Text"
          rows={12}
          hint="Markdown: ## for a heading, **bold**, - for a list, [words](/path) for a link."
        />
        <ChoiceField
          state={state}
          name={PAGE_FIELDS.brandId}
          label="Brand"
          choices={[{ value: '', label: 'All brands' }, ...brands]}
        />
        <CheckField
          state={state}
          name={PAGE_FIELDS.noindex}
          label="Keep out of search engines"
          hint="For pages only linked to, e.g. a campaign's terms."
        />
      </FieldGroup>
    </ContentForm>
  )
}

export const REDIRECT_KIND_CHOICES: ReadonlyArray<Choice> = [
  { value: '301', label: 'Moved for good (301)' },
  { value: '302', label: 'Moved for now (302)' },
  { value: '308', label: 'Moved for good, keep the method (308)' },
  { value: '307', label: 'Moved for now, keep the method (307)' },
]

export function RedirectFormPage({ props }: { props: ContentFormProps }) {
  const { state } = props
  return (
    <ContentForm props={props} submit={<SaveButton>Save redirect</SaveButton>}>
      <FieldGroup legend="The redirect">
        <InputField
          state={state}
          name={REDIRECT_FIELDS.fromPath}
          label="Old address"
          hint="A path on this site, e.g. /summer-offers"
          maxLength={200}
        />
        <InputField
          state={state}
          name={REDIRECT_FIELDS.toPath}
          label="Goes to"
          hint="A path on this site starting with /, e.g. /stores"
          maxLength={500}
        />
        <ChoiceField
          state={state}
          name={REDIRECT_FIELDS.statusCode}
          label="Kind"
          choices={REDIRECT_KIND_CHOICES}
        />
      </FieldGroup>
    </ContentForm>
  )
}
