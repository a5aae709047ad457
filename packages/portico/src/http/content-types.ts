import { isTextMediaType, mediaTypeFor } from '../core/media-types.js'

/**
 * The `Content-Type` of a file, by its extension (case-insensitive): its media type, naming
 * UTF-8 for text.
 *
 * @example
 * contentTypeFor('/srv/public/app.CSS') // 'text/css; charset=utf-8'
 */
export function contentTypeFor(filePath: string): string {
  return withCharset(mediaTypeFor(filePath))
}

/** A media type as a `Content-Type`: text types name UTF-8, unless a charset is there already. */
export function withCharset(mediaType: string): string {
  return isTextMediaType(mediaType) && !/;\s*charset=/i.test(mediaType)
    ? `${mediaType}; charset=utf-8`
    : mediaType
}
