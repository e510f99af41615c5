import { Agent, request } from 'node:http'
import { expect, test } from './fixtures.ts'
import { HOSTS, PORT } from './helpers.ts'

/*
 * The request body limits against the production build under `vite preview` (workerd behind
 * miniflare): a 20 MB body is refused with 413 whether it says its length or is chunked, and
 * refusing it, or answering without reading a body at all, leaves the server answering the next
 * request on the same keep-alive connection, and the requests in flight beside it. Node's http
 * client, so the connection is ours to reuse and the body can be streamed.
 */

const TWENTY_MB = 20 * 1024 * 1024
const CHUNK = 64 * 1024

interface Answer {
  status: number
  text: string
  /** The client's port: the same port is the same connection. */
  port: number | undefined
}

function send(
  agent: Agent,
  path: string,
  options: {
    method?: string
    contentType?: string
    /** Sent with its Content-Length. */
    body?: string
    /** Sent chunked (no Content-Length): this many bytes inside a JSON string. */
    chunkedBytes?: number
  } = {}
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      host: `${HOSTS.brandOne}:${PORT}`,
      origin: `http://${HOSTS.brandOne}:${PORT}`,
    }
    if (options.contentType) headers['content-type'] = options.contentType
    if (options.body !== undefined)
      headers['content-length'] = String(Buffer.byteLength(options.body))
    const outgoing = request(
      { host: '127.0.0.1', port: PORT, path, method: options.method ?? 'GET', agent, headers },
      (incoming) => {
        let text = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => (text += chunk))
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, text, port: outgoing.socket?.localPort })
        )
        incoming.on('error', reject)
      }
    )
    outgoing.on('error', reject)
    if (options.body !== undefined) return void outgoing.end(options.body)
    if (options.chunkedBytes === undefined) return void outgoing.end()
    let sent = 0
    const chunk = Buffer.alloc(CHUNK, 'x')
    const pump = () => {
      while (sent < (options.chunkedBytes ?? 0)) {
        sent += CHUNK
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump)
      }
      outgoing.end('"}')
    }
    outgoing.write('{"pad":"')
    pump()
  })
}

function expectTooLarge(answer: Answer) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(413)
  expect(JSON.parse(answer.text)).toMatchObject({
    error: {
      code: 'payload_too_large',
      message: 'This request is too large: at most 64 KB is accepted.',
    },
  })
}

async function expectNextAnswered(agent: Agent, after: Answer) {
  const next = await send(agent, '/api/countries')
  expect(next.status, next.text.slice(0, 300)).toBe(200)
  expect(next.port, 'the next request went over the same connection').toBe(after.port)
}

test('a 20 MB JSON body is refused with 413, and the same connection answers the next request', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const huge = JSON.stringify({ grant_type: 'guest', pad: 'x'.repeat(TWENTY_MB) })
  for (const path of ['/api/basket/items/add', '/api/oauth/token']) {
    const withLength = await send(agent, path, {
      method: 'POST',
      contentType: 'application/json',
      body: huge,
    })
    expectTooLarge(withLength)
    await expectNextAnswered(agent, withLength)

    const chunked = await send(agent, path, {
      method: 'POST',
      contentType: 'application/json',
      chunkedBytes: TWENTY_MB,
    })
    expectTooLarge(chunked)
    await expectNextAnswered(agent, chunked)
  }
  agent.destroy()
})

test('requests in flight beside a refused 20 MB upload are answered', async () => {
  const uploads = new Agent({ keepAlive: true })
  const others = new Agent({ keepAlive: true })
  const [refused, ...answered] = await Promise.all([
    send(uploads, '/api/basket/items/add', {
      method: 'POST',
      contentType: 'application/json',
      chunkedBytes: TWENTY_MB,
    }),
    send(others, '/api/countries'),
    send(others, '/'),
    send(others, '/api/health'),
  ])
  expectTooLarge(refused!)
  expect(answered.map((answer) => answer.status)).toEqual([200, 200, 200])
  uploads.destroy()
  others.destroy()
})

test('a body nobody reads (a refused type, a guard redirect, a page form) leaves the connection usable', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const refusedType = await send(agent, '/api/basket/items/add', {
    method: 'POST',
    contentType: 'text/plain',
    chunkedBytes: TWENTY_MB,
  })
  expect(refusedType.status).toBe(422)
  await expectNextAnswered(agent, refusedType)

  // No basket: the checkout guard redirects before the form is read.
  const redirected = await send(agent, '/checkout/details', {
    method: 'POST',
    contentType: 'application/x-www-form-urlencoded',
    chunkedBytes: TWENTY_MB,
  })
  expect(redirected.status).toBeGreaterThanOrEqual(300)
  expect(redirected.status).toBeLessThan(400)
  await expectNextAnswered(agent, redirected)

  const form = await send(agent, '/login', {
    method: 'POST',
    contentType: 'application/x-www-form-urlencoded',
    body: `email=a%40b.co&password=${'x'.repeat(TWENTY_MB)}`,
  })
  expect(form.status).toBe(413)
  expect(form.text).toContain('This request is too large: at most 64 KB is accepted.')
  await expectNextAnswered(agent, form)
  agent.destroy()
})
