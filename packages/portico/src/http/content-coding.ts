import { promisify } from 'node:util'
import { zlibOnDemand } from './zlib-on-demand.js'

/** The content codings Portico sends: Brotli where the client takes it, else gzip. */
export type ContentCoding = 'br' | 'gzip'

/** Bytes of a document in one content coding, with the validator of exactly these bytes. */
export interface EncodedBytes {
  coding: ContentCoding
  bytes: Buffer
  /** The identity bytes' ETag with the coding added: each coding's bytes have their own tag. */
  etag: string
}

/** A document's bytes in a coding, compressed on the first request for it and kept. */
export type Encodings = (coding: ContentCoding) => Promise<EncodedBytes>

/**
 * Below this size compression saves less than it costs; a document this small is sent as is.
 * Large documents (`/open-api.json` is megabytes at 10,000 tools) shrink 20 to 100 times.
 */
export const COMPRESS_FROM_BYTES = 2048

const compressors: Record<ContentCoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 5: within a few percent of 11 on JSON this repetitive, at a fraction of its time
  // (the first request of a 10,000-tool document waits for it).
  br: (bytes) => {
    const { brotliCompress, constants } = zlibOnDemand()
    return promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    })
  },
  gzip: (bytes) => promisify(zlibOnDemand().gzip)(bytes, { level: 6 }),
}

/**
 * The coding to answer a request with, from its `Accept-Encoding` (RFC 9110 § 12.5.3): `br`,
 * else `gzip`, each unless refused with `q=0` (`*` stands for any coding not named); none when
 * the client takes neither, or sent no header (identity).
 *
 * @example
 * preferredCoding('gzip, deflate, br') // 'br'
 * preferredCoding('gzip;q=1, br;q=0') // 'gzip'
 */
export function preferredCoding(
  acceptEncoding: string | null | undefined,
): ContentCoding | undefined {
  const weight = codingWeights(acceptEncoding)
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  return weight('gzip') > 0 ? 'gzip' : undefined
}

/** Whether an `Accept-Encoding` takes `coding` (q above 0, named or through `*`). */
export function acceptsCoding(
  acceptEncoding: string | null | undefined,
  coding: ContentCoding,
): boolean {
  return codingWeights(acceptEncoding)(coding) > 0
}

/** Each coding's q-value in an `Accept-Encoding`: 0 when neither it nor `*` is named. */
function codingWeights(acceptEncoding: string | null | undefined): (coding: string) => number {
  if (!acceptEncoding) return () => 0
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    const q = parameters.map((each) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(each)?.[1]).find(Boolean)
    weights.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q))
  }
  return (coding) => weights.get(coding) ?? weights.get('*') ?? 0
}

/**
 * The {@link Encodings} of a document, given as the pieces of its identity bytes and their
 * ETag. Each coding is compressed once, off the event loop (zlib's thread pool), and shared by
 * every request after; requests that arrive while it is under way wait for the same result.
 */
export function createEncodings(chunks: readonly Uint8Array[], etag: string): Encodings {
  const made = new Map<ContentCoding, Promise<EncodedBytes>>()
  return (coding) => {
    let encoded = made.get(coding)
    if (encoded === undefined) {
      encoded = compressors[coding](Buffer.concat(chunks)).then((bytes) => ({
        coding,
        bytes,
        etag: codedEtag(etag, coding),
      }))
      made.set(coding, encoded)
    }
    return encoded
  }
}

/** `"abc"` becomes `"abc-br"` (a weak `W/"abc"`, `W/"abc-br"`): a strong tag per coding. */
function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`
}
