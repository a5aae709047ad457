import type { IncomingMessage } from 'node:http'

/** The login forms are a few short fields; anything bigger is not one of them. */
const MAX_FORM_BYTES = 16 * 1024

/** A posted form's fields, or the status and reason to refuse it with. */
export type FormBody =
  | { ok: true; fields: URLSearchParams }
  | { ok: false; status: 413 | 415; reason: string }

/** Reads an `application/x-www-form-urlencoded` body of at most 16 KiB. */
export async function readFormBody(request: IncomingMessage): Promise<FormBody> {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/x-www-form-urlencoded') {
    request.resume()
    return {
      ok: false,
      status: 415,
      reason: 'the form must be sent as application/x-www-form-urlencoded',
    }
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    const bytes = chunk as Buffer
    size += bytes.length
    if (size > MAX_FORM_BYTES) {
      request.resume()
      return { ok: false, status: 413, reason: `the form is larger than ${MAX_FORM_BYTES} bytes` }
    }
    chunks.push(bytes)
  }
  return { ok: true, fields: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) }
}
