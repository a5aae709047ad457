import { PorticoError } from '../core/portico-error.js'

/**
 * Whether a request's `Content-Encoding` says its body is encoded (gzip, br, ...): Portico
 * decodes none, and reading such a body as JSON would misread it, so it is refused with 415
 * (RFC 9110 § 8.4.1). Absent, empty and `identity` say it is not.
 */
export function isEncodedBody(contentEncoding: string | null | undefined): boolean {
  if (!contentEncoding) return false
  return contentEncoding.split(',').some((coding) => {
    const name = coding.trim().toLowerCase()
    return name !== '' && name !== 'identity'
  })
}

/** What the refusal of an encoded body says. */
export function encodedBodyMessage(contentEncoding: string): string {
  return `Send the body unencoded: this server decodes no Content-Encoding (got ${JSON.stringify(contentEncoding)})`
}

/** Throws the 415 `PorticoError` of an encoded body, before it is read (see {@link isEncodedBody}). */
export function refuseEncodedBody(contentEncoding: string | null | undefined): void {
  if (contentEncoding && isEncodedBody(contentEncoding)) {
    throw new PorticoError('unsupported_media_type', encodedBodyMessage(contentEncoding))
  }
}
