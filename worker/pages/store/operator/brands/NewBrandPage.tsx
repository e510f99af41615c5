import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { BrandDetailsForm } from './BrandForms.tsx'
import { Section } from './fields.tsx'
import { type FormState } from './brand-forms.ts'

/** /store/operator/brands/new: a new brand's name, words, colours and font. */
export function NewBrandPage({
  frame,
  action,
  state,
}: {
  frame: OperatorFrame
  action: string
  state: FormState
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Add a brand"
      intro="A new brand is not live: add its logo and a domain, preview it, then take it live."
    >
      <Section id="new-brand" title="Name, colours and font">
        <BrandDetailsForm action={action} state={state} submitLabel="Create brand" />
      </Section>
    </OperatorLayout>
  )
}
