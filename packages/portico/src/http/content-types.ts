import { extname } from 'node:path'

const utf8 = '; charset=utf-8'

/** Media type of each extension a public folder commonly holds; text types name UTF-8. */
export const contentTypes: Readonly<Record<string, string>> = {
  '.html': `text/html${utf8}`,
  '.css': `text/css${utf8}`,
  '.js': `text/javascript${utf8}`,
  '.mjs': `text/javascript${utf8}`,
  '.json': `application/json${utf8}`,
  '.map': `application/json${utf8}`,
  '.txt': `text/plain${utf8}`,
  '.md': `text/markdown${utf8}`,
  '.csv': `text/csv${utf8}`,
  '.xml': `application/xml${utf8}`,
  '.svg': `image/svg+xml${utf8}`,
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
  '.zip': 'application/zip',
}

/** The fallback for an unknown extension: with `nosniff`, browsers download it, never run it. */
export const defaultContentType = 'application/octet-stream'

/**
 * The `Content-Type` of a file, by its extension (case-insensitive).
 *
 * @example
 * contentTypeFor('/srv/public/app.CSS') // 'text/css; charset=utf-8'
 */
export function contentTypeFor(filePath: string): string {
  return contentTypes[extname(filePath).toLowerCase()] ?? defaultContentType
}
