import { createElement, type FunctionComponent } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import type { z } from 'zod'
import { ContactFieldsSchema } from '../../schemas/contact.ts'
import {
  CHECKOUT_BILLING_FIELDS,
  CheckoutBillingFormSchema,
} from '../../schemas/forms/billing-address.ts'
import { ChangePasswordFormSchema } from '../../schemas/forms/change-password.ts'
import { CheckoutDetailsFormSchema } from '../../schemas/forms/checkout-details.ts'
import { ForgottenPasswordFormSchema } from '../../schemas/forms/forgotten-password.ts'
import { LoginPasswordFormSchema } from '../../schemas/forms/login.ts'
import { MemberAddressFormSchema } from '../../schemas/forms/member-address.ts'
import { RegisterFormSchema } from '../../schemas/forms/register.ts'
import { ResetPasswordFormSchema } from '../../schemas/forms/reset-password.ts'
import { EmailField, NameFields, NewPasswordFields } from '../../client/components/forms/Form.tsx'
import { TermsAgreement } from '../../client/components/auth/TermsAgreement.tsx'
import { AddressFields } from '../../client/components/checkout/AddressFields.tsx'
import { readSource, sourceFiles } from './sources.ts'

/*
 * The shared inputs (NameFields, EmailField, NewPasswordFields, TermsAgreement, AddressFields)
 * spell their field names themselves, for every form that renders them: each name they post must be a field of the
 * schema each such form's parser reads (ADR 060). A view that starts rendering one must be listed
 * here with that schema, so a renamed input or a new form cannot post a field nobody reads.
 */

const SHARED_INPUTS = {
  NameFields,
  EmailField,
  NewPasswordFields,
  TermsAgreement,
  AddressFields,
} as const
type SharedInput = keyof typeof SHARED_INPUTS

/** Each view rendering a shared input: the schema its worker parser reads, and which inputs. */
const FORMS: Record<string, { schema: z.ZodObject; inputs: ReadonlyArray<SharedInput> }> = {
  // worker/pages/account/register.tsx
  'client/pages/RegisterPage.tsx': {
    schema: RegisterFormSchema,
    inputs: ['NameFields', 'EmailField', 'NewPasswordFields', 'TermsAgreement'],
  },
  // worker/pages/account/login.tsx
  'client/pages/LoginPage.tsx': { schema: LoginPasswordFormSchema, inputs: ['EmailField'] },
  // worker/pages/account/forgotten-password.tsx
  'client/pages/ForgottenPasswordPage.tsx': {
    schema: ForgottenPasswordFormSchema,
    inputs: ['EmailField'],
  },
  // worker/pages/account/reset-password.tsx
  'client/pages/ResetPasswordPage.tsx': {
    schema: ResetPasswordFormSchema,
    inputs: ['NewPasswordFields'],
  },
  // worker/pages/account/change-password.tsx
  'client/pages/ChangePasswordPage.tsx': {
    schema: ChangePasswordFormSchema,
    inputs: ['NewPasswordFields'],
  },
  // worker/pages/checkout/details.tsx
  'client/pages/CheckoutDetailsPage.tsx': {
    schema: CheckoutDetailsFormSchema,
    inputs: ['NameFields', 'EmailField', 'TermsAgreement', 'AddressFields'],
  },
  // worker/pages/checkout/card-form.tsx
  'client/pages/CheckoutBillingAddressPage.tsx': {
    schema: CheckoutBillingFormSchema,
    inputs: ['AddressFields'],
  },
  // worker/pages/content/contact.tsx
  'client/pages/ContactPage.tsx': { schema: ContactFieldsSchema, inputs: ['NameFields'] },
  // worker/pages/member/address-form.ts
  'client/components/member/AddressForm.tsx': {
    schema: MemberAddressFormSchema,
    inputs: ['NameFields', 'AddressFields'],
  },
}

/** The names a shared input posts, read off its render. */
function postedNames(input: SharedInput): Array<string> {
  const Input = SHARED_INPUTS[input] as FunctionComponent<{
    idPrefix: string
    errors: object
    values: object
  }>
  const html = renderToStaticMarkup(
    createElement(Input, { idPrefix: 'form', errors: {}, values: {} })
  )
  return [...html.matchAll(/\sname="([^"]+)"/g)].map(([, name = '']) => name)
}

it('lists every view that renders a shared input, with the inputs it renders', () => {
  const rendering: Record<string, Array<SharedInput>> = {}
  for (const file of sourceFiles('client')) {
    const source = readSource(file)
    const used = (Object.keys(SHARED_INPUTS) as Array<SharedInput>).filter((input) =>
      new RegExp(`<${input}\\b`).test(source)
    )
    if (used.length > 0) rendering[file] = used
  }
  const listed = Object.fromEntries(
    Object.entries(FORMS).map(([file, form]) => [file, [...form.inputs]])
  )
  expect(rendering).toEqual(listed)
})

it('posts only names the form’s parser reads', () => {
  for (const [file, { schema, inputs }] of Object.entries(FORMS)) {
    const fields = Object.keys(schema.shape)
    for (const input of inputs) {
      const names = postedNames(input)
      expect(names.length, `${input} posts something`).toBeGreaterThan(0)
      expect(
        names.filter((name) => !fields.includes(name)),
        `${file}: ${input}`
      ).toEqual([])
    }
  }
})

/*
 * The forms converted last (issue 38, rounds five and six): each view names its own inputs from
 * its schema (or the plain names a zod-free island renders from, which the schema is keyed on)
 * and each handler reads the post only through it, so neither spells a field by hand.
 */
const FROM_SCHEMAS: ReadonlyArray<{
  views: ReadonlyArray<string>
  handlers: ReadonlyArray<string>
}> = [
  {
    views: ['client/pages/RegisterPage.tsx', 'client/components/member/MarketingOptIn.tsx'],
    handlers: ['worker/pages/account/register.tsx', 'worker/pages/account/profile-opt-in.ts'],
  },
  {
    views: ['client/pages/LoginPage.tsx'],
    handlers: ['worker/pages/account/login.tsx', 'worker/pages/account/otp-login.ts'],
  },
  {
    views: ['client/pages/ForgottenPasswordPage.tsx'],
    handlers: ['worker/pages/account/forgotten-password.tsx'],
  },
  {
    views: ['client/pages/ResetPasswordPage.tsx'],
    handlers: ['worker/pages/account/reset-password.tsx'],
  },
  {
    views: ['client/pages/ChangePasswordPage.tsx'],
    handlers: ['worker/pages/account/change-password.tsx'],
  },
  {
    views: ['client/pages/CheckoutDetailsPage.tsx'],
    handlers: ['worker/pages/checkout/details.tsx'],
  },
  {
    views: ['client/pages/CheckoutBillingAddressPage.tsx'],
    handlers: ['worker/pages/checkout/card-form.tsx'],
  },
  {
    views: [
      'client/islands/PaymentForm.tsx',
      'client/components/payment/PaymentChoiceList.tsx',
      'client/components/payment/CashConfirmation.tsx',
      'client/components/payment/PaidByCreditForm.tsx',
    ],
    handlers: ['worker/pages/checkout/payment.tsx'],
  },
  {
    views: [
      'client/components/basket/BasketLineRow.tsx',
      'client/components/basket/SubstitutesSwitch.tsx',
      'client/components/basket/ReplacementChoice.tsx',
    ],
    handlers: ['worker/pages/basket/basket-forms.ts'],
  },
  {
    // The choices are named by group and value with client/lib/basket-add-form.ts's builders.
    views: [
      'client/islands/QuickAdd.tsx',
      'client/islands/ItemOptions.tsx',
      'client/islands/MealDealPicker.tsx',
      'client/components/item/OptionFieldset.tsx',
      'client/components/item/AgeConfirmation.tsx',
      'client/components/deal/MealDealSectionFieldset.tsx',
    ],
    handlers: ['worker/pages/basket/basket-add-forms.ts'],
  },
  {
    views: ['client/islands/StoreCreditSwitch.tsx'],
    handlers: ['worker/pages/checkout/credit-form.ts'],
  },
  {
    // The rows' quantities are named by their line or item and read by amend-page.tsx's builder.
    views: ['client/pages/member/MemberAmendPage.tsx'],
    handlers: ['worker/pages/orders/tracking-amend.tsx'],
  },
  {
    views: ['client/islands/StayInTouch.tsx'],
    handlers: ['worker/pages/content/stay-in-touch.ts'],
  },
  { views: ['client/pages/member/CardsPage.tsx'], handlers: ['worker/pages/member/cards.tsx'] },
  {
    views: ['client/components/member/ReorderForm.tsx'],
    handlers: ['worker/pages/orders/member-order.tsx'],
  },
]

it('the converted views spell no field name and their handlers read no field by hand', () => {
  for (const { views, handlers } of FROM_SCHEMAS) {
    for (const view of views) {
      expect(
        [...readSource(view).matchAll(/\sname="([^"]+)"/g)].map(([, name]) => name),
        view
      ).toEqual([])
    }
    for (const handler of handlers) {
      // `form.email`, `form['email']`, `form[SOME_FIELD]`: a post read around its schema (not
      // a file named `*-form.ts`).
      const byHand = readSource(handler).match(/(?<![\w-])form(?:\.[a-z]\w*|\[)/g) ?? []
      expect(byHand, handler).toEqual([])
    }
  }
})

it('the billing page shows the other address by the schema’s name for the choice', () => {
  // Tailwind reads whole class names, so the selector spells the field: held to the schema here.
  const selector = `input[name=${CHECKOUT_BILLING_FIELDS.sameAsDelivery}][value=no]:checked`
  expect(readSource('client/pages/CheckoutBillingAddressPage.tsx')).toContain(selector)
})
