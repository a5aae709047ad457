/** The content fixture's 1×1 red PNG, base64-encoded as REST and MCP send it. */
export const RED_PIXEL_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'

/** The blocks `Gallery_files` of the content fixture answers, on every surface. */
export const galleryFilesContent = [
  {
    type: 'resource',
    resource: { uri: 'file:///notes/readme.md', mimeType: 'text/markdown', text: '# Gallery' },
  },
  {
    type: 'resource',
    resource: { uri: 'file:///pixel.png', mimeType: 'image/png', blob: RED_PIXEL_BASE64 },
  },
  {
    type: 'resource_link',
    uri: 'https://example.com/pixel.png',
    name: 'pixel.png',
    mimeType: 'image/png',
    description: 'The same pixel, online',
  },
]
