import { defineConfig } from 'portico'

export default defineConfig({
  title: 'Notes',
  style: { color: '#0f766e' },
  limits: { toolTimeoutMs: 5_000 },
  mcp: {
    instructions:
      'Notes keeps short notes. Search or list before creating, so you do not add duplicates.',
    servers: {
      tags: {
        classes: ['Tags'],
        title: 'Notes: tags',
        description: 'Only the tag tools, for agents that organise notes without reading them.',
      },
    },
  },
})
