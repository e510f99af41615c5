import { describe, expect, it } from 'vitest'
import { formatWeekHours, parseWeekHours } from '../../../scripts/bootstrap/hours.ts'
import {
  FLAGS,
  type FlagValues,
  mergeFile,
  parseArgv,
  validateInput,
} from '../../../scripts/bootstrap/input.ts'
import { inputErrorsText, USAGE } from '../../../scripts/bootstrap/report.ts'
import { parseCsv } from '../../../scripts/lib/csv.ts'
import { outcodeRows } from '../../../scripts/lib/reference-data.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { DEMO_INPUT } from '../../support/workers/demo-input.ts'

const outcodes = new Map(
  outcodeRows(parseCsv(DEMO_INPUT.outcodesCsv)).map((row) => [row.outcode, row])
)
const context = { outcodes, defaultStateDir: '/state' }

/** A complete, good set of values; each test changes what it is about. */
const GOOD: FlagValues = {
  env: 'production',
  business: 'Acme Foods',
  brand: 'Acme Fresh',
  host: 'Shop.Acme.example',
  'store-name': 'Acme Leeds',
  'store-address': '1 Briggate',
  'store-postcode': 'ls1 6hb',
  'operator-email': ' Ops@Acme.Example ',
  'operator-name': 'Olu Operator',
}

function errorsOf(values: FlagValues): Array<{ flag: string; message: string }> {
  const checked = validateInput(values, context)
  return checked.ok ? [] : checked.errors
}

describe('bootstrap flags', () => {
  it('reads --name value, --name=value and switches', () => {
    expect(
      parseArgv(['--env', 'staging', '--brand=Acme = Fresh', '--remote', '--store-name', 'A B'])
    ).toEqual({
      values: { env: 'staging', brand: 'Acme = Fresh', remote: true, 'store-name': 'A B' },
      errors: [],
    })
  })

  it('names each flag it cannot take', () => {
    expect(
      parseArgv(['stray', '--nope', 'x', '--env', 'a', '--env', 'b', '--remote=yes', '--host'])
        .errors
    ).toEqual([
      { flag: 'stray', message: 'is not a flag (flags start with --; see --help)' },
      { flag: '--nope', message: 'is not a flag of this command (see --help)' },
      { flag: '--env', message: 'is given twice' },
      { flag: '--remote', message: 'takes no value' },
      { flag: '--host', message: 'needs a value' },
    ])
    expect(parseArgv(['--host', '--brand', 'B']).errors).toEqual([
      { flag: '--host', message: 'needs a value' },
    ])
  })

  it('takes a JSON file of flag names, under the flags given, keeping the run’s choices on the command line', () => {
    const merged = mergeFile(
      'bootstrap.json',
      { brand: 'From file', business: 'Acme', lat: 53.8, remote: true, file: 'x', colour: 'red' },
      { brand: 'Given' }
    )
    expect(merged.values).toEqual({ brand: 'Given', business: 'Acme', lat: '53.8' })
    expect(merged.errors).toEqual([
      { flag: 'bootstrap.json', message: '"remote" belongs on the command line (--remote)' },
      { flag: 'bootstrap.json', message: '"file" belongs on the command line (--file)' },
      { flag: 'bootstrap.json', message: '"colour" is not a flag of this command' },
    ])
    expect(mergeFile('b.json', { brand: true }, {}).errors).toEqual([
      { flag: 'b.json', message: '"brand" must be a string' },
    ])
    expect(mergeFile('b.json', [1], {}).errors).toEqual([
      { flag: 'b.json', message: 'must hold one JSON object' },
    ])
  })

  it('lists every flag in the help', () => {
    for (const name of Object.keys(FLAGS)) expect(USAGE).toContain(`--${name}`)
  })
})

describe('bootstrap input', () => {
  it('is normalised as the console normalises it, with the defaults filled in', () => {
    const checked = validateInput(GOOD, context)
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
    expect(checked.input).toMatchObject({
      env: 'production',
      hostEnvironment: 'production',
      stateDir: '/state',
      dryRun: false,
      newInvitation: false,
      origin: 'https://shop.acme.example',
      business: { id: null, name: 'Acme Foods', legalName: 'Acme Foods', supportEmail: null },
      brand: { name: 'Acme Fresh', slug: 'acme-fresh', tagline: null },
      host: 'shop.acme.example',
      operator: { email: 'ops@acme.example', name: 'Olu Operator' },
    })
    // The town and the point are the postcode district's (data/uk-outcodes.csv: LS1).
    expect(checked.input.store).toMatchObject({
      slug: 'acme-leeds',
      postcode: 'LS1 6HB',
      town: 'Leeds',
      latitude: outcodes.get('LS1')?.latitude,
      longitude: outcodes.get('LS1')?.longitude,
      located: 'district',
      timeZone: 'Europe/London',
      hoursText: 'mon-sat 08:00-20:00; sun 10:00-16:00',
    })
    expect(checked.input.store.hours).toHaveLength(7)
  })

  it('takes what is given over the defaults', () => {
    const checked = validateInput(
      {
        ...GOOD,
        env: 'development',
        remote: true,
        'business-id': '7',
        'legal-name': 'Acme Foods Ltd',
        'support-email': 'Help@Acme.example',
        'support-phone': '0113 496 0000',
        'brand-slug': 'acme',
        tagline: 'Fresh, near you',
        'store-slug': 'leeds',
        'store-town': 'Leeds City',
        lat: '53.8',
        lng: '-1.54',
        'time-zone': 'Europe/Dublin',
        hours: 'daily 07:00-23:00',
        origin: 'http://acme.localhost:8787',
        'new-invitation': true,
      },
      context
    )
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
    expect(checked.input).toMatchObject({
      hostEnvironment: 'dev',
      stateDir: null,
      newInvitation: true,
      origin: 'http://acme.localhost:8787',
      business: {
        id: 7,
        legalName: 'Acme Foods Ltd',
        supportEmail: 'help@acme.example',
        supportPhone: '0113 496 0000',
      },
      brand: { slug: 'acme', tagline: 'Fresh, near you' },
      store: {
        slug: 'leeds',
        town: 'Leeds City',
        latitude: 53.8,
        longitude: -1.54,
        located: 'given',
        timeZone: 'Europe/Dublin',
      },
    })
  })

  it('points development links at the Vite dev server', () => {
    const checked = validateInput({ ...GOOD, env: 'development', host: 'acme.localhost' }, context)
    expect(checked.ok && checked.input.origin).toBe('http://acme.localhost:5173')
  })

  it('says every missing flag at once', () => {
    expect(errorsOf({})).toEqual(
      [
        'env',
        'business',
        'brand',
        'host',
        'store-name',
        'store-address',
        'store-postcode',
        'operator-email',
        'operator-name',
      ].map((flag) => ({ flag: `--${flag}`, message: 'is required' }))
    )
  })

  it.each<[string, FlagValues, string, string]>([
    [
      'an unknown environment',
      { env: 'live' },
      '--env',
      'must be development, staging or production (not "live")',
    ],
    [
      'both databases',
      { local: true, remote: true },
      '--remote',
      'and --local cannot both be given',
    ],
    [
      'a state dir for the remote',
      { remote: true, 'state-dir': '/x' },
      '--state-dir',
      'is for the local database, not --remote',
    ],
    [
      'a bad business id',
      { 'business-id': '1.5' },
      '--business-id',
      'must be a positive whole number (not "1.5")',
    ],
    [
      'a long business name',
      { business: 'x'.repeat(101) },
      '--business',
      'must be 100 characters or fewer',
    ],
    ['a bad support email', { 'support-email': 'help' }, '--support-email', MESSAGES.emailInvalid],
    [
      'a bad support phone',
      { 'support-phone': '12345' },
      '--support-phone',
      '"12345" is not a UK phone number',
    ],
    ['a bad brand slug', { 'brand-slug': 'Acme Fresh!' }, '--brand-slug', MESSAGES.brandSlugFormat],
    [
      'a brand name without a slug',
      { brand: '★★★' },
      '--brand',
      'makes no usable web address name ("")',
    ],
    ['a long tagline', { tagline: 'x'.repeat(121) }, '--tagline', 'Too big'],
    ['a URL for a host', { host: 'https://shop.example.com' }, '--host', 'is not a host name'],
    ['an IP address for a host', { host: '10.0.0.1' }, '--host', 'is not a host name'],
    ['a single label for a host', { host: 'shop' }, '--host', 'is not a host name'],
    ['a host with a path', { host: 'shop.example.com/x' }, '--host', 'is not a host name'],
    [
      'a bad postcode',
      { 'store-postcode': 'LS1' },
      '--store-postcode',
      'LS1 is not a valid postcode',
    ],
    [
      'an unknown district',
      { 'store-postcode': 'ZZ99 9ZZ' },
      '--store-postcode',
      'its district ZZ99 is not a known postcode district',
    ],
    ['a bad store phone', { 'store-phone': '999' }, '--store-phone', MESSAGES.phoneInvalid],
    ['a bad store email', { 'store-email': 'leeds@' }, '--store-email', MESSAGES.emailInvalid],
    [
      'a bad store slug',
      { 'store-slug': 'Leeds Centre' },
      '--store-slug',
      MESSAGES.storeSlugInvalid,
    ],
    ['a latitude alone', { lat: '53.8' }, '--lng', 'is needed with the other (--lat and --lng)'],
    [
      'a latitude that is not a number',
      { lat: 'north', lng: '-1.5' },
      '--lat',
      'must be a number of degrees (not "north")',
    ],
    ['a latitude out of range', { lat: '91', lng: '-1.5' }, '--lat', 'Too big'],
    [
      'an unknown time zone',
      { 'time-zone': 'Europe/Leeds' },
      '--time-zone',
      MESSAGES.storeTimeZoneInvalid,
    ],
    [
      'hours without times',
      { hours: 'mon-fri' },
      '--hours',
      '"mon-fri" has no hours (like 08:00-20:00)',
    ],
    [
      'hours of an unknown day',
      { hours: 'mon-fry 08:00-20:00' },
      '--hours',
      '"mon-fry" is not a day',
    ],
    [
      'hours that are not a range',
      { hours: 'mon 8-5' },
      '--hours',
      `"8-5" is not a range like 08:00-20:00: ${MESSAGES.storeHoursTime}`,
    ],
    [
      'hours that overlap',
      { hours: 'mon 08:00-13:00 12:00-20:00' },
      '--hours',
      `Monday: ${MESSAGES.storeHoursOverlap}`,
    ],
    [
      'a day given twice',
      { hours: 'mon-fri 08:00-20:00; fri 09:00-17:00' },
      '--hours',
      'Friday is given twice',
    ],
    [
      'a bad operator email',
      { 'operator-email': 'ops.example.com' },
      '--operator-email',
      MESSAGES.emailInvalid,
    ],
    [
      'a long operator name',
      { 'operator-name': 'x'.repeat(101) },
      '--operator-name',
      'Name must be 100 characters or fewer',
    ],
    [
      'an origin with a path',
      { origin: 'https://shop.example.com/store' },
      '--origin',
      'must be an http or https origin',
    ],
    [
      'an origin that is not a URL',
      { origin: 'shop.example.com' },
      '--origin',
      'is not an address like https://shop.example.com',
    ],
  ])('refuses %s, naming the flag', (_what, change, flag, message) => {
    const errors = errorsOf({ ...GOOD, ...change })
    expect(errors.length, JSON.stringify(errors)).toBeGreaterThan(0)
    expect(
      errors.find((error) => error.flag === flag)?.message ?? JSON.stringify(errors)
    ).toContain(message)
  })

  it('prints the refusals one a line with their flags', () => {
    expect(inputErrorsText(errorsOf({ ...GOOD, host: 'x', env: 'live' }))).toBe(
      [
        'Nothing was written: the input has errors.',
        '  --env: must be development, staging or production (not "live")',
        '  --host: "x" is not a host name like shop.example.com (no scheme, port or path)',
        'See npm run bootstrap -- --help',
      ].join('\n')
    )
  })
})

describe('bootstrap opening hours', () => {
  it('reads runs of days, several ranges and ranges past midnight', () => {
    const parsed = parseWeekHours(
      'Mon-Thu 07:00-12:00 13:00-22:00; fri,sat 07:00-02:00; sunday 10:00-16:00'
    )
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.days.map((day) => [day.dayOfWeek, day.ranges.length])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 1],
    ])
    expect(formatWeekHours(parsed.days)).toBe(
      'Mon–Thu 07:00–12:00 13:00–22:00, Fri–Sat 07:00–02:00, Sun 10:00–16:00'
    )
  })

  it('leaves out the days not given: closed', () => {
    const parsed = parseWeekHours('daily 08:00-20:00; ')
    expect(parsed.ok && formatWeekHours(parsed.days)).toBe('Mon–Sun 08:00–20:00')
    const weekdays = parseWeekHours('mon-fri 09:00-17:00')
    expect(weekdays.ok && weekdays.days.map((day) => day.dayOfWeek)).toEqual([0, 1, 2, 3, 4])
    expect(parseWeekHours(' ; ')).toEqual({
      ok: false,
      message: 'give at least one day and its hours',
    })
  })
})
