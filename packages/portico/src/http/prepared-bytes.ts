import { createContentEtag } from './conditional-request.js'
import { COMPRESS_FROM_BYTES, createEncodings, type Encodings } from './content-coding.js'

/**
 * Below this size a document's pieces are joined into one buffer: one write, headers
 * included. Above it they are sent as they are, since joining would copy a large document
 * (6.4 MB of OpenAPI at 10,000 tools) once more for nothing.
 */
const JOIN_BELOW_BYTES = 64 * 1024

/** A generated document encoded once: what `serveFile` needs of it. */
export interface PreparedBytes {
  size: number
  /** A strong validator of exactly these bytes. */
  etag: string
  body: Uint8Array | (() => ReadableStream<Uint8Array>)
  /** The same bytes compressed, made on first use; none below `COMPRESS_FROM_BYTES`. */
  encodings?: Encodings
}

/**
 * The bytes of a text document given in pieces, their size and ETag, ready to answer many
 * times; past `COMPRESS_FROM_BYTES`, their encodings too.
 */
export function prepareBytes(chunks: readonly Uint8Array[]): PreparedBytes {
  const size = chunks.reduce((total, chunk) => total + chunk.byteLength, 0)
  const etag = createContentEtag(...chunks)
  const encodings = size >= COMPRESS_FROM_BYTES ? { encodings: createEncodings(chunks, etag) } : {}
  if (chunks.length === 1 || size < JOIN_BELOW_BYTES) {
    return { size, etag, body: Buffer.concat(chunks), ...encodings }
  }
  return { size, etag, body: () => streamOf(chunks), ...encodings }
}

/**
 * The pieces as one body, without copying them: each answer shares the same buffers, which no
 * writer changes.
 */
export function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}
