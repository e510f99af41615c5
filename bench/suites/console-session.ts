// A member of staff signed in the way the store console signs in (ADR 018): the invitation page
// sets the password, the sign-in page's password step emails a code (read from the local
// outbox), its code step sets the staff cookies. Console calls then go through
// /store/api/staff/<path> with those cookies, since the shop's /api answers 404 for /api/staff/*.
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'

export interface ConsoleLogin {
  email: string
  password: string
  /** The invitation's token: accepting it sets the password (through the app's own hashing). */
  invitation: string
}

/** The staff session's cookies, as a Cookie header, and a console API caller. */
export interface ConsoleSession {
  cookie: string
  post(path: string, body: unknown): Promise<unknown>
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';')
    const at = pair.indexOf('=')
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
  }
}

const header = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

async function form(
  origin: string,
  path: string,
  fields: Record<string, string>,
  jar: Map<string, string>
): Promise<void> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      cookie: header(jar),
    },
    body: new URLSearchParams(fields).toString(),
  })
  cookiesOf(response, jar)
  await response.body?.cancel()
  if (response.status !== 303 && response.status !== 200) {
    throw new Error(`${path} answered ${response.status}`)
  }
}

export async function consoleSignIn(
  origin: string,
  stateDir: string,
  login: ConsoleLogin
): Promise<ConsoleSession> {
  const jar = new Map<string, string>()
  await form(origin, `/store/invitation/${login.invitation}`, { password: login.password }, jar)
  await form(origin, '/store/sign-in', { email: login.email, password: login.password }, jar)
  const [row] = queryLocalD1(
    stateDir,
    `select payload_json from outbox where recipient = '${login.email}'
     and template = 'staff_sign_in_code' order by id desc limit 1`
  )
  const { code } = JSON.parse(String(row?.payload_json)) as { code: string }
  await form(origin, '/store/sign-in', { intent: 'code', code }, jar)
  const cookie = header(jar)
  return {
    cookie,
    async post(path, body) {
      const response = await fetch(`${origin}/store/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify(body),
      })
      const text = await response.text()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
      return JSON.parse(text)
    },
  }
}
