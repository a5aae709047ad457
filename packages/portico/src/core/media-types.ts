import { extname } from 'node:path'

/**
 * The media type of each file extension Portico serves from a plugin's folders (`public/`,
 * `resources/`, skill files), without parameters. The HTTP layer adds the charset of text types;
 * MCP resources carry the type as it is.
 */
const mediaTypes: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.zip': 'application/zip',
}

/** The type of an unknown extension: with `nosniff`, browsers download it, never run it. */
const DEFAULT_MEDIA_TYPE = 'application/octet-stream'

/**
 * The media type of a file, by its extension (case-insensitive).
 *
 * @example
 * mediaTypeFor('guides/setup.MD') // 'text/markdown'
 */
export function mediaTypeFor(filePath: string): string {
  return mediaTypes[extname(filePath).toLowerCase()] ?? DEFAULT_MEDIA_TYPE
}

/**
 * Whether a media type is text (UTF-8 here): `text/*`, JSON, XML and YAML, their `+json` /
 * `+xml` / `+yaml` relatives (SVG among them) and JavaScript. Parameters are ignored.
 */
export function isTextMediaType(mediaType: string): boolean {
  const essence = (mediaType.split(';')[0] ?? '').trim().toLowerCase()
  return (
    essence.startsWith('text/') ||
    /^application\/(?:json|xml|yaml|javascript)$/.test(essence) ||
    /\+(?:json|xml|yaml)$/.test(essence)
  )
}
