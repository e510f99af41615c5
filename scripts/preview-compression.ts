import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  type BrotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
} from 'node:zlib'
import type { Connect, Plugin } from 'vite'
import { chooseEncoding, type Encoding, isCompressible } from './lib/content-encoding.ts'

/** Either of zlib's streams: both can flush what they hold so far. */
type Compressor = Gzip | BrotliCompress

/**
 * Dynamic compression levels close to the edge's for content it compresses on the fly; both keep
 * a 200 KB script under a few milliseconds so the preview stays fast.
 */
const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6

function compressor(encoding: Encoding, sizeHint: number | undefined): Compressor {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL })
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  })
}

/**
 * Compresses the preview server's answers as the edge does, so local measurements (Lighthouse, the
 * e2e) see the bytes a shopper downloads. Each write is flushed at once: streamed HTML still
 * arrives chunk by chunk.
 */
export function compressResponses(): Connect.NextHandleFunction {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    if (req.method === 'HEAD' || !encoding) return next()
    const write = res.write.bind(res) as (chunk: unknown, ...rest: Array<unknown>) => boolean
    const end = res.end.bind(res) as (...args: Array<unknown>) => ServerResponse
    let stream: Compressor | null | undefined
    const start = (): Compressor | null => {
      if (stream !== undefined) return stream
      res.appendHeader('Vary', 'Accept-Encoding')
      const lengthHeader = res.getHeader('Content-Length')
      const contentLength = lengthHeader === undefined ? undefined : Number(lengthHeader)
      const compress = isCompressible({
        status: res.statusCode,
        contentType: String(res.getHeader('Content-Type') ?? ''),
        contentEncoding: res.getHeader('Content-Encoding')?.toString(),
        contentLength,
      })
      if (!compress) return (stream = null)
      res.setHeader('Content-Encoding', encoding)
      res.removeHeader('Content-Length')
      const created = compressor(encoding, contentLength)
      created.on('data', (chunk: Buffer) => {
        if (!write(chunk)) created.pause()
      })
      res.on('drain', () => created.resume())
      created.on('end', () => end())
      return (stream = created)
    }
    // Headers set through writeHead(status, headers) are applied first so start() can read them.
    const writeHead = res.writeHead.bind(res) as (...args: Array<unknown>) => ServerResponse
    res.writeHead = ((status: number, ...rest: Array<unknown>) => {
      res.statusCode = status
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null)
      if (Array.isArray(headers)) {
        // Raw headers, [name, value, name, value, …].
        for (let i = 0; i + 1 < headers.length; i += 2) {
          res.appendHeader(String(headers[i]), String(headers[i + 1]))
        }
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) {
          if (value !== undefined) res.setHeader(name, value as string | number | Array<string>)
        }
      }
      start()
      return writeHead(status)
    }) as ServerResponse['writeHead']
    res.write = ((chunk: unknown, ...rest: Array<unknown>) => {
      const target = start()
      if (!target) return write(chunk, ...rest)
      const encodingArg = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined
      target.write(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : chunk)
      target.flush()
      // The caller waits for 'drain' on a false: only the socket's own backpressure emits one.
      return !res.writableNeedDrain
    }) as ServerResponse['write']
    res.end = ((...args: Array<unknown>) => {
      const [chunk] = args
      const target = start()
      if (!target) return end(...args)
      if (chunk !== undefined && typeof chunk !== 'function') {
        const encodingArg = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined
        target.end(typeof chunk === 'string' ? Buffer.from(chunk, encodingArg) : chunk)
      } else target.end()
      return res
    }) as ServerResponse['end']
    next()
  }
}

/** `vite preview` only: runs before the Cloudflare plugin's handler so every answer passes it. */
export function previewCompression(): Plugin {
  return {
    name: 'storefront:preview-compression',
    enforce: 'pre',
    configurePreviewServer(server) {
      server.middlewares.use(compressResponses())
    },
  }
}
