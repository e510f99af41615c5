import { env } from 'cloudflare:test'
import { backend } from '../../../worker/local-backend.ts'

/** An answer's status and parsed JSON body. */
export interface Call {
  status: number
  json: unknown
}

/** Headers a JSON POST may carry besides its content type. */
export interface JsonPostOptions {
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string
  /** The shopper's address (`cf-connecting-ip`): rate limits count per address. */
  ip?: string
  cookie?: string
  /** The page's origin, as a browser sends it on a same-site POST. */
  origin?: string
  headers?: Record<string, string>
}

/** The RequestInit of a JSON POST: the one way every test builds one. */
export function jsonPost(body: unknown, options: JsonPostOptions = {}): RequestInit {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.ip) headers['cf-connecting-ip'] = options.ip
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  if (options.cookie) headers.cookie = options.cookie
  if (options.origin) headers.origin = options.origin
  return { method: 'POST', headers: { ...headers, ...options.headers }, body: JSON.stringify(body) }
}

/** An answer read as a {@link Call}. */
export async function callOf(res: Response): Promise<Call> {
  return { status: res.status, json: await res.json() }
}

/** POSTs JSON straight to the in-process backend, with the pool's bindings unless given. */
export function postToBackend(
  path: string,
  body: unknown,
  options: JsonPostOptions & { bindings?: Env } = {}
): Promise<Response> {
  const { bindings = env, ...headers } = options
  return Promise.resolve(backend.request(path, jsonPost(body, headers), bindings))
}

/** {@link postToBackend}, answering the status and the parsed body. */
export async function callBackend(
  path: string,
  body: unknown,
  options: JsonPostOptions & { bindings?: Env } = {}
): Promise<Call> {
  return callOf(await postToBackend(path, body, options))
}
