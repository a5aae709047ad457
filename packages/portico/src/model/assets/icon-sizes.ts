import type { IconDefinition } from '../plugin-model.js'

/** The 8 bytes every PNG starts with; IHDR follows, its width and height at bytes 16 and 20. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/**
 * The `sizes` of an icon file as MCP's `Icon` writes them: `['any']` for SVG, `['<w>x<h>']` for
 * a PNG (read from its IHDR chunk), `undefined` when the bytes do not say.
 *
 * @example
 * iconSizes(pngIcon) // ['64x64']
 */
export function iconSizes(icon: IconDefinition): string[] | undefined {
  if (icon.kind !== 'file') return undefined
  if (icon.contentType === 'image/svg+xml') return ['any']
  if (icon.contentType !== 'image/png') return undefined
  // The header is all we read: 24 bytes are 32 base64 characters.
  const head = Buffer.from(icon.file.base64.slice(0, 32), 'base64')
  const isPng = head.length >= 24 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)
  if (!isPng || head.toString('latin1', 12, 16) !== 'IHDR') return undefined
  const width = head.readUInt32BE(16)
  const height = head.readUInt32BE(20)
  return width > 0 && height > 0 ? [`${width}x${height}`] : undefined
}
