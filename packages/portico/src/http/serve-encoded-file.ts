import { type Encodings, preferredCoding } from './content-coding.js'
import { type FileAnswer, serveFile } from './serve-file.js'

/**
 * {@link serveFile} for a document that may travel compressed: in the coding the request's
 * `Accept-Encoding` prefers (`Content-Encoding`, the coding's own ETag and length), else as is.
 * Either way with `Vary: Accept-Encoding`, so a cache keeps the two apart. Without `encodings`
 * (a small document) it is `serveFile`'s answer.
 */
export function serveEncodedFile(
  request: Request,
  file: FileAnswer,
  encodings: Encodings | undefined,
): Response | Promise<Response> {
  if (encodings === undefined) return serveFile(request, file)
  const headers = { ...file.headers, vary: 'accept-encoding' }
  const coding = preferredCoding(request.headers.get('accept-encoding'))
  if (coding === undefined) return serveFile(request, { ...file, headers })
  return encodings(coding).then((encoded) =>
    serveFile(request, {
      ...file,
      etag: encoded.etag,
      size: encoded.bytes.byteLength,
      body: encoded.bytes,
      headers: { ...headers, 'content-encoding': coding },
    }),
  )
}
