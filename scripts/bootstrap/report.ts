// What the bootstrap command prints: its help, its refusals of bad input, the plan before it
// writes, and afterwards the invitation link and the next steps. Pure text, tested as such.
import { OUTCODE_ATTRIBUTION } from '../lib/reference-data.ts'
import { FLAGS, type BootstrapInput, type InputError } from './input.ts'
import type { Plan } from './plan.ts'

export const USAGE = [
  'Creates the first business, brand, host, store and operator of a deployment, with the',
  'reference data the shop needs. Running it again changes nothing.',
  '',
  'Usage: npm run bootstrap -- --env <development|staging|production> [--local|--remote] \\',
  '         --business "Name" --brand "Brand" --host shop.example.com \\',
  '         --store-name "Name" --store-address "1 High Street" --store-postcode "LS1 1UR" \\',
  '         --operator-email ops@example.com --operator-name "Name" [more flags]',
  '       npm run bootstrap -- --env production --remote --file bootstrap.json',
  '',
  ...Object.entries(FLAGS).map(([name, [kind, what]]) => {
    const flag = `--${name}${kind === 'string' ? ' <value>' : ''}`
    return `  ${flag.padEnd(26)} ${what}`
  }),
].join('\n')

/** Every refusal of the input, one a line, naming its flag. */
export function inputErrorsText(errors: ReadonlyArray<InputError>): string {
  return [
    'Nothing was written: the input has errors.',
    ...errors.map((error) => `  ${error.flag}: ${error.message}`),
    'See npm run bootstrap -- --help',
  ].join('\n')
}

/** The plan: each thing, created or already there, then what to know. */
export function planText(plan: Plan, target: string): string {
  const width = Math.max(...plan.steps.map((step) => step.subject.length))
  return [
    `Bootstrap of ${target}:`,
    ...plan.steps.map(
      (step) =>
        `  ${step.outcome === 'create' ? 'create' : 'exists'}  ${step.subject.padEnd(width)}  ${step.detail}`
    ),
    ...plan.notes.map((note) => `  Note: ${note}`),
  ].join('\n')
}

/** Why the run stops without writing. */
export function refusalsText(plan: Plan): string {
  return [
    'Nothing was written: this run is refused.',
    ...plan.refusals.map((refusal) => `  ${refusal}`),
  ].join('\n')
}

/** After the writes (or when there was nothing to write): the link and what to do next. */
export function nextStepsText(
  input: BootstrapInput,
  plan: Plan,
  context: {
    /** HOSTNAME_PROVIDER of the environment. */
    provider: string
    zoneId: string
    invitation: { link: string; expiresAt: string } | null
    /** Whether this run wrote anything. */
    wrote: boolean
  }
): string {
  const { origin } = input
  const pending = plan.create.host !== null && !plan.create.host.serve
  const lines: Array<string> = [context.wrote ? 'Done.' : 'Nothing to change: it is all there.']
  if (context.invitation) {
    lines.push(
      '',
      `Invitation for ${input.operator.email} (works once, until ${context.invitation.expiresAt}):`,
      `  ${context.invitation.link}`,
      'It is printed once and not kept: only its hash is stored.'
    )
  }
  lines.push('', 'Next steps:')
  const steps: Array<string> = []
  if (pending) {
    steps.push(
      `${input.host} is pending: the worker's minute cron makes it active (the local hostname ` +
        'provider needs no records); until then the host answers "unknown brand".'
    )
  }
  if (plan.create.host?.serve && context.provider === 'cloudflare') {
    steps.push(
      `Route ${input.host} to this Worker: a custom domain or route on a zone you control ` +
        '(wrangler.toml routes), or a custom hostname of the zone ' +
        `${context.zoneId || 'CLOUDFLARE_ZONE_ID'} added in the Cloudflare dashboard. Later ` +
        "brands' domains go through the operator console, which provisions them."
    )
  }
  if (context.invitation) {
    steps.push(
      'Open the invitation link and choose a password; then sign in at ' +
        `${origin}/store/sign-in with it and the six-digit code emailed to the operator ` +
        `(MESSAGING_PROVIDER; with "local", the development mailbox at ${origin}/dev/mailbox).`
    )
  } else {
    steps.push(`Staff sign in at ${origin}/store/sign-in.`)
  }
  steps.push(
    `In the operator console (${origin}/store/operator): upload the brand's logo (its name ` +
      'stands in), give the store a delivery area and fees (a new store delivers nowhere until ' +
      'it has a radius or a zone), and import the catalogue (Catalogue, one CSV per kind).'
  )
  lines.push(...steps.map((step, index) => `  ${index + 1}. ${step}`))
  if (plan.create.outcodes) {
    lines.push(
      '',
      'The UK outcode centroids were loaded; their licences ask for this attribution (data/README.md):',
      ...OUTCODE_ATTRIBUTION.map((line) => `  ${line}`)
    )
  }
  return lines.join('\n')
}
