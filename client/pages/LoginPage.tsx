import {
  AuthCard,
  FormAlert,
  FormLink,
  FormNotice,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
} from '../components/auth/AuthForm.tsx'
import { Layout, type PageChrome } from '../components/Layout.tsx'
import { routePath } from '../lib/routes.ts'

export interface LoginPageProps {
  chrome: PageChrome
  errors: FormErrors
  values: FormValues
  /** Where to go after signing in (a path of this site), carried through the form. */
  redirect: string | null
  /** A confirmation to show above the form (e.g. after a password reset). */
  notice?: string
}

/** Sign in with email and password: a plain form post that works without JavaScript. */
export function LoginPage({ chrome, errors, values, redirect, notice }: LoginPageProps) {
  return (
    <Layout chrome={chrome}>
      <AuthCard title="Sign in">
        <FormNotice message={notice} />
        <form
          method="post"
          action={routePath('login')}
          noValidate
          aria-describedby={errors.form ? 'login-form-error' : undefined}
        >
          <FormAlert id="login-form-error" message={errors.form} />
          {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
          <TextField
            idPrefix="login"
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            errors={errors}
            values={values}
          />
          <TextField
            idPrefix="login"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            errors={errors}
          />
          <SubmitButton>Sign in</SubmitButton>
        </form>
        <div className="mt-4 flex flex-col items-start gap-1 text-sm sm:flex-row sm:justify-between">
          <FormLink href={routePath('forgotten-password')}>Forgotten your password?</FormLink>
          <FormLink href={routePath('register')}>Create an account</FormLink>
        </div>
      </AuthCard>
    </Layout>
  )
}
