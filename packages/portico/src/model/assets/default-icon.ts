import type { IconDefinition } from '../plugin-model.js'

/** Portico's mark: a pediment on three columns, in the default accent colour. */
const portico = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Portico">',
  '<rect width="64" height="64" rx="14" fill="#0f766e"/>',
  '<path fill="#fff" d="M32 10 10 23h44L32 10Zm-18 16v4h36v-4H14Zm2 6v15h6V32h-6Zm13 0v15h6V32h-6Zm13 0v15h6V32h-6ZM12 49v4h40v-4H12Z"/>',
  '</svg>',
  '',
].join('\n')

/**
 * The icon a plugin without one of its own is shown with (at `/icons/0`, so that `/favicon.ico`
 * leads somewhere). Embedded here rather than shipped as a file, so `dist/` carries it.
 */
export const defaultIcon: IconDefinition = {
  kind: 'file',
  file: { path: 'portico-icon.svg', base64: Buffer.from(portico).toString('base64') },
  contentType: 'image/svg+xml',
}
