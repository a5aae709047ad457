import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { rootCertificates } from 'node:tls'
import { createGuardedLookup } from './create-guarded-lookup.js'
import { isRefusedAddress } from './is-refused-address.js'

/** How the hub fetches client metadata documents. */
export interface MetadataFetchOptions {
  /** The whole fetch, from connecting to the last byte, in milliseconds. */
  timeoutMs: number
  /** The largest accepted body (the CIMD draft recommends 5 KB). */
  maxBytes: number
  /** Allow loopback addresses: only when the hub itself runs on loopback. */
  allowLoopback: boolean
  /** CAs trusted for https documents besides Node's bundled roots. */
  ca?: string | Buffer | (string | Buffer)[]
}

/** A fetched document's text and how long it may be cached, or why it could not be fetched. */
export type MetadataFetch =
  | { ok: true; text: string; maxAgeSeconds: number | undefined }
  | { ok: false; reason: string }

/**
 * GETs a client metadata document under the CIMD draft's fetch rules (§4, §6.5): no redirects,
 * only 200 with a JSON media type, a size cap enforced while streaming, one deadline for the
 * whole exchange, and no connection to a special-use address (checked on the IP literal, or on
 * the resolved addresses at connect time). Never throws: a failure is a reason to show the user.
 */
export function fetchMetadataDocument(
  url: URL,
  options: MetadataFetchOptions,
): Promise<MetadataFetch> {
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(literal) !== 0 && isRefusedAddress(literal, options.allowLoopback)) {
    return Promise.resolve(refusedAddress(literal))
  }
  return new Promise((resolve) => {
    let refused: string | undefined
    let settled = false
    const settle = (outcome: MetadataFetch): void => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      request.destroy()
      resolve(outcome)
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'portico-hub' },
      agent: false,
      lookup: createGuardedLookup(options.allowLoopback, (address) => {
        refused = address
      }),
      ...(url.protocol === 'https:' && options.ca !== undefined
        ? { ca: [...rootCertificates, ...[options.ca].flat()] }
        : {}),
    })
    const deadline = setTimeout(() => {
      settle({ ok: false, reason: `it did not answer within ${options.timeoutMs} ms` })
    }, options.timeoutMs)
    request.on('error', (error) => {
      settle(
        refused === undefined
          ? { ok: false, reason: `it could not be fetched (${error.message})` }
          : refusedAddress(refused),
      )
    })
    request.on('response', (response) => {
      const problem = responseProblem(response, options.maxBytes)
      if (problem !== undefined) {
        settle({ ok: false, reason: problem })
        return
      }
      readCappedBody(response, options.maxBytes).then((body) => {
        settle(
          body.ok
            ? { ok: true, text: body.text, maxAgeSeconds: maxAgeOf(response) }
            : { ok: false, reason: body.reason },
        )
      })
    })
    request.end()
  })
}

function refusedAddress(address: string): MetadataFetch {
  return {
    ok: false,
    reason: `it would connect to ${address}, a special-use address the hub does not fetch from`,
  }
}

/** Why the response head alone rules the document out, if it does. */
function responseProblem(response: IncomingMessage, maxBytes: number): string | undefined {
  const status = response.statusCode ?? 0
  if (status >= 300 && status < 400) {
    return `client metadata documents are not fetched through redirects (the server answered ${status}${
      response.headers.location === undefined ? '' : ` to ${response.headers.location}`
    })`
  }
  if (status !== 200) return `the server answered ${status} instead of 200`
  const mediaType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json' && !/^application\/[^/]+\+json$/.test(mediaType ?? '')) {
    return `it is served as ${mediaType || 'no media type'}, not application/json`
  }
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) return tooLarge(maxBytes)
  return undefined
}

function tooLarge(maxBytes: number): string {
  return `it is larger than ${maxBytes} bytes`
}

type BodyRead = { ok: true; text: string } | { ok: false; reason: string }

/** The body as UTF-8 text, read until `maxBytes` and no further. */
function readCappedBody(response: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        resolve({ ok: false, reason: tooLarge(maxBytes) })
        return
      }
      chunks.push(chunk)
    })
    response.on('error', (error) => {
      resolve({ ok: false, reason: `its body could not be read (${error.message})` })
    })
    response.on('end', () => {
      try {
        resolve({
          ok: true,
          text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)),
        })
      } catch {
        resolve({ ok: false, reason: 'its body is not UTF-8 text' })
      }
    })
  })
}

/** `Cache-Control: max-age` in seconds (`no-store` and `no-cache` count as 0), if given. */
function maxAgeOf(response: IncomingMessage): number | undefined {
  const cacheControl = response.headers['cache-control'] ?? ''
  if (/(?:^|,)\s*no-(?:store|cache)\b/i.test(cacheControl)) return 0
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl)
  return match === null ? undefined : Number(match[1])
}
